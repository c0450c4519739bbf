import ChatCore
import FoundationEssentials

/// The error body every Matrix endpoint uses, plus the interactive-auth fields of a 401.
struct ErrorBody: Decodable, Sendable {
    var errcode: String?
    var error: String?
    var retry_after_ms: Int?
    var flows: [AuthFlow]?
    /// The interactive-auth session to continue (with a 401 that lists flows).
    var session: String?
}

/// Sends `Endpoint`s to one homeserver and decodes typed answers.
///
/// The access token is put in the `Authorization` header here and nowhere else; it never
/// appears in a URL, an error or a description. A 429 is retried after the server's
/// `retry_after_ms` (a few times, each wait capped), then reported as `.rateLimited`.
struct MatrixClient: Sendable {
    let homeserver: URL
    let transport: MatrixTransport
    var accessToken: String?
    /// How many 429s in a row are waited out before giving up.
    var rateLimitRetries = 5
    /// The longest single wait a 429 may impose before we report it instead.
    var longestRateLimitWait = 30_000

    init(homeserver: URL, transport: MatrixTransport, accessToken: String? = nil) {
        self.homeserver = homeserver
        self.transport = transport
        self.accessToken = accessToken
    }

    /// Performs `endpoint` and decodes the answer as `Response`. A lone surrogate escape in the
    /// answer is repaired first: one bad string must not lose the whole answer (see `LoneSurrogates`).
    func call<Response: Decodable>(_ endpoint: Endpoint, as type: Response.Type = Response.self) async throws -> Response {
        let data = try await perform(endpoint)
        do {
            return try JSONDecoder().decode(Response.self, from: LoneSurrogates.repaired(data))
        } catch let error as DecodingError {
            throw MatrixError.malformed(endpoint: endpoint.summary, detail: DecodingFailure.describe(error))
        }
    }

    /// Performs `endpoint`, returning the body of a 2xx answer; other answers throw `MatrixError`.
    /// `started`: its first attempt, already under way (`start`).
    func perform(_ endpoint: Endpoint, started: StartedExchange? = nil) async throws -> Data {
        let request = try makeRequest(endpoint)
        var attempt = 0
        var first = started
        while true {
            defer { first = nil }
            let (data, response) = try await exchange(request, endpoint, started: first)
            if (200..<300).contains(response.statusCode) { return data }
            if (300..<400).contains(response.statusCode) { throw MatrixError.redirected(status: response.statusCode, endpoint: endpoint.summary) }
            let failure = Self.failure(status: response.statusCode, body: data, endpoint: endpoint)
            guard case .api(429, _, _, let wait) = failure, attempt < rateLimitRetries,
                  let wait, wait <= longestRateLimitWait else { throw failure }
            attempt += 1
            try await Task.sleep(nanoseconds: UInt64(max(wait, 1)) * 1_000_000)
        }
    }

    /// Starts `endpoint`'s request from the caller's thread, without suspending
    /// (`MatrixTransport.start`); `perform(endpoint, started:)` awaits it.
    func start(_ endpoint: Endpoint) throws -> StartedExchange {
        transport.start(try makeRequest(endpoint))
    }

    private func exchange(_ request: HTTPRequest, _ endpoint: Endpoint, started: StartedExchange?) async throws -> (Data, HTTPResponse) {
        do {
            try Task.checkCancellation()
            if let started { return try await started.answer() }
            return try await transport.exchange(request)
        } catch is CancellationError {
            throw MatrixError.cancelled
        } catch NetworkFailure.cancelled {
            throw MatrixError.cancelled
        } catch let error as NetworkFailure {
            throw MatrixError.unreachable(error.description)
        } catch let failure as TransportFailure {
            throw Self.error(for: failure, endpoint)
        } catch let error as MatrixError {
            throw error
        } catch {
            throw MatrixError.unreachable(String(describing: type(of: error)))
        }
    }

    func makeRequest(_ endpoint: Endpoint) throws -> HTTPRequest {
        guard let url = endpoint.url(on: homeserver) else {
            throw MatrixError.malformed(endpoint: endpoint.summary, detail: "cannot form a URL on \(homeserver)")
        }
        var request = HTTPRequest(url: url, timeoutInterval: endpoint.timeout)
        request.answerLimit = endpoint.answerLimit
        request.httpMethod = endpoint.method.rawValue
        if let body = endpoint.body {
            request.httpBody = body
            request.setValue(endpoint.contentType, forHTTPHeaderField: "Content-Type")
        } else if endpoint.method != .get {
            // Synapse refuses a POST/PUT without a JSON body (M_NOT_JSON).
            request.httpBody = Data("{}".utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if endpoint.authenticated, let accessToken {
            request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    static func failure(status: Int, body: Data, endpoint: Endpoint) -> MatrixError {
        guard let parsed = try? JSONDecoder().decode(ErrorBody.self, from: LoneSurrogates.repaired(body)) else {
            return .http(status: status, endpoint: endpoint.summary)
        }
        if status == 401, let flows = parsed.flows, !flows.isEmpty, parsed.errcode != "M_UNKNOWN_TOKEN" {
            return .interactiveAuth(flows: flows.map(\.stages), session: parsed.session)
        }
        guard let code = parsed.errcode else { return .http(status: status, endpoint: endpoint.summary) }
        return .api(status: status, code: code, message: parsed.error ?? "", retryAfterMilliseconds: parsed.retry_after_ms)
    }

    /// The transport's named failures; libcurl's TLS line may quote the certificate, so it is made inert.
    private static func error(for failure: TransportFailure, _ endpoint: Endpoint) -> MatrixError {
        switch failure {
        case .answerTooLarge(let limit):
            return .answerTooLarge(endpoint: endpoint.summary, limit: limit)
        case .untrustedCertificate(let detail):
            return .unreachable("the homeserver's TLS certificate could not be verified (\(InertText.sanitize(detail)))")
        case .tlsHandshake(let detail):
            return .unreachable("a TLS connection to the homeserver could not be made (\(InertText.sanitize(detail)))")
        }
    }
}

/// Turns a `DecodingError` into one line naming the field, for "the server sent something unexpected".
enum DecodingFailure {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON at \(path(context))"
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "missing \(type) value at \(path(context))"
        @unknown default: return "undecodable answer"
        }
    }
}
