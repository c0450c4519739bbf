import ChatCore
import FoundationEssentials

/// What went wrong talking to a homeserver, before it is put in the user's terms.
enum MatrixError: Error, Sendable, Equatable {
    /// The server answered with a Matrix error body (`errcode`, `error`).
    case api(status: Int, code: String, message: String, retryAfterMilliseconds: Int?)
    /// Registration or another call needs interactive-auth stages; carries the offered flows.
    case interactiveAuth(flows: [[String]], session: String?)
    /// A non-2xx answer without a Matrix error body (a proxy's 502 page, an empty 500).
    case http(status: Int, endpoint: String)
    /// A 3xx answer: tteok follows no redirect (it could carry a password to another host).
    case redirected(status: Int, endpoint: String)
    /// The answer passed the endpoint's byte limit and was abandoned.
    case answerTooLarge(endpoint: String, limit: Int)
    /// No answer: connection refused, timed out, DNS, TLS.
    case unreachable(String)
    /// A 2xx answer we could not decode.
    case malformed(endpoint: String, detail: String)
    /// The task was cancelled (log-out, view gone).
    case cancelled

    /// The error as the rest of tteok sees it: one `ChatError`, readable, with server words made inert.
    var chatError: ChatError {
        switch self {
        case .api(let status, let code, let message, let retryAfter):
            return Self.map(status: status, code: code, message: InertText.sanitize(message), retryAfter: retryAfter)
        case .interactiveAuth(let flows, _):
            let stages = flows.map { $0.joined(separator: " → ") }.joined(separator: "; ")
            return .unsupported("This homeserver needs more sign-up steps than tteok offers (\(stages)). Register on the server's website, then log in here.")
        case .http(let status, let endpoint):
            return .badResponse("HTTP \(status) from \(endpoint)")
        case .redirected(let status, let endpoint):
            return .badResponse("the homeserver answered \(endpoint) with a redirect (HTTP \(status)), which tteok does not follow; give --homeserver the server's final https:// address")
        case .answerTooLarge(let endpoint, let limit):
            let size = ByteCount.text(limit, base: .binary)
            return .badResponse("the homeserver's answer to \(endpoint) was too large (over \(size)); it was not read further")
        case .unreachable(let why):
            return .offline(why)
        case .malformed(let endpoint, let detail):
            return .badResponse("\(endpoint): \(detail)")
        case .cancelled:
            return .offline("cancelled")
        }
    }

    private static func map(status: Int, code: String, message: String, retryAfter: Int?) -> ChatError {
        switch code {
        case "M_LIMIT_EXCEEDED": return .rateLimited(retryAfterMilliseconds: retryAfter ?? 1000)
        case "M_USER_IN_USE": return .accountExists("this user name")
        case "M_GUEST_ACCESS_FORBIDDEN": return .denied(.guest)
        case "M_UNKNOWN_TOKEN", "M_MISSING_TOKEN": return .denied(.notSignedIn)
        case "M_INVALID_USERNAME", "M_EXCLUSIVE", "M_WEAK_PASSWORD", "M_BAD_JSON", "M_NOT_JSON", "M_INVALID_PARAM":
            return .invalidInput(message.isEmpty ? code : message)
        default: return .server(code: code, message: message.isEmpty ? "HTTP \(status)" : message)
        }
    }
}
