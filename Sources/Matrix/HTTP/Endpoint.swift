import ChatCore
import FoundationEssentials

/// One request of the client-server API, before it is bound to a homeserver and a token.
///
/// Path segments are kept unencoded and percent-encoded in exactly one place (`url(on:)`),
/// so a `#` in an alias or a `/` in a transaction id can never change the path.
struct Endpoint: Sendable {
    enum Method: String, Sendable { case get = "GET", post = "POST", put = "PUT" }

    var method: Method
    /// Path below the homeserver, e.g. `["_matrix", "client", "v3", "rooms", roomID, "messages"]`.
    var segments: [String]
    var query: [(name: String, value: String)] = []
    var body: Data?
    var contentType = "application/json"
    /// Seconds before the request is abandoned; long-polls raise it above their own timeout.
    var timeout: TimeInterval = 60
    /// False for the few calls made before there is a session (login, register, public rooms).
    var authenticated = true
    /// The most answer bytes read before the exchange is abandoned (`HTTPRequest.answerLimit`).
    var answerLimit = Endpoint.ordinaryAnswerLimit

    /// `/sync`, history pages, room state: large JSON, bounded all the same.
    static let ordinaryAnswerLimit = 64 * 1024 * 1024
    /// Answers that are a few hundred bytes of JSON (login, register, versions).
    static let smallAnswerLimit = 1024 * 1024
    /// A media download: the largest image tteok accepts, and room for a server's rounding.
    static let mediaAnswerLimit = ImageUpload.maximumByteCount + 1024 * 1024

    /// A client API (v3) call.
    static func client(_ method: Method, _ path: String..., query: [(name: String, value: String)] = []) -> Endpoint {
        Endpoint(method: method, segments: ["_matrix", "client", "v3"] + path, query: query)
    }

    /// Adds a JSON body.
    func with<Body: Encodable>(json body: Body) throws -> Endpoint {
        var copy = self
        copy.body = try JSONEncoder().encode(body)
        return copy
    }

    /// The full URL on `homeserver`. Never carries the access token.
    func url(on homeserver: URL) -> URL? {
        var base = homeserver.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var text = base + "/" + segments.map(Endpoint.encode).joined(separator: "/")
        if !query.isEmpty {
            text += "?" + query.map { "\(Endpoint.encode($0.name))=\(Endpoint.encode($0.value))" }.joined(separator: "&")
        }
        return URL(string: text)
    }

    /// RFC 3986 unreserved characters stay; every other byte of the UTF-8 form is percent-encoded.
    static func encode(_ component: String) -> String {
        // Bytes, not `String(format:)` per byte: the sync request is built several times a second
        // in a busy room, and formatting its filter showed in the profile.
        var result: [UInt8] = []
        result.reserveCapacity(component.utf8.count)
        for byte in component.utf8 {
            if unreserved.contains(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let unreserved: Set<UInt8> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Method and path for error messages (no query: sync tokens and filters add nothing a user needs).
    var summary: String { "\(method.rawValue) /\(segments.joined(separator: "/"))" }
}
