/// Requests and answers of registration, log-in and log-out.

/// `POST /register` body. `auth` carries the dummy stage; guests send `{}`.
struct RegisterRequest: Encodable, Sendable {
    struct Auth: Encodable, Sendable {
        var type = "m.login.dummy"
        var session: String?
    }
    var username: String
    var password: String
    var auth: Auth
    var initial_device_display_name = "tteok"
}

/// `POST /login` body with a password.
struct PasswordLoginRequest: Encodable, Sendable {
    struct Identifier: Encodable, Sendable {
        var type = "m.id.user"
        var user: String
    }
    var type = "m.login.password"
    var identifier: Identifier
    var password: String
    var initial_device_display_name = "tteok"
}

/// What register and login return.
struct SessionResponse: Decodable, Sendable {
    var user_id: String
    var access_token: String
    var device_id: String
}

/// One interactive-auth flow of a 401: the stages to complete in order.
struct AuthFlow: Decodable, Sendable {
    var stages: [String]
}

/// `{}` answers (logout, report, account data, receipts).
struct EmptyResponse: Decodable, Sendable {}

/// An empty JSON object body.
struct EmptyBody: Encodable, Sendable {}
