/// An exchange that got no answer at all, in the words URLSession's `URLError` codes had (this
/// transport is libcurl; `URLError` lives in Foundation proper, which links CoreFoundation and
/// ICU's 34 MB of data into the binary).
public enum NetworkFailure: Error, Sendable, Equatable {
    case cancelled
    case badURL
    /// libcurl could not be loaded.
    case noTransport
    case cannotFindHost
    case cannotConnectToHost
    case timedOut
    case connectionLost
    /// Any other libcurl failure, by its CURLcode.
    case other(curlCode: Int32)

    /// libcurl's CURLcode of a failed transfer (curl.h) in these terms.
    static func forCurlCode(_ code: Int32) -> NetworkFailure {
        switch code {
        case 5, 6: return .cannotFindHost
        case 7: return .cannotConnectToHost
        case 28: return .timedOut
        case 42: return .cancelled
        case 18, 52, 55, 56: return .connectionLost
        default: return .other(curlCode: code)
        }
    }

    /// What the user is told: the homeserver cannot be reached, and why.
    var description: String {
        switch self {
        case .cannotConnectToHost: return "cannot connect to the homeserver"
        case .timedOut: return "the homeserver did not answer in time"
        case .cannotFindHost: return "the homeserver's name does not resolve"
        case .connectionLost: return "the connection was lost"
        case .cancelled: return "network error (cancelled)"
        case .badURL: return "network error (bad URL)"
        case .noTransport: return "network error (libcurl is not installed)"
        case .other(let code): return "network error (curl error \(code))"
        }
    }
}
