import FoundationEssentials

/// Every failure a backend reports, typed, each with a message a user can read.
public enum ChatError: Error, Hashable, Sendable, Codable, LocalizedError {
    /// The posting rule refused; nothing was stored or sent.
    case denied(PostingDenial)
    case wrongPassword
    case accountExists(String)
    case noSuchAccount(String)
    case noSuchChannel(String)
    case noSuchUser(String)
    case noSuchMessage
    case invalidInput(String)
    /// An image or message over a limit.
    case tooLarge(limit: Int)
    /// The server could not be reached; carries a short reason.
    case offline(String)
    /// The server asked us to slow down.
    case rateLimited(retryAfterMilliseconds: Int)
    /// The server answered with something we could not use.
    case badResponse(String)
    /// The server refused, with its own words (already made inert by the backend).
    case server(code: String, message: String)
    /// Local storage failed (disk full, corrupt file).
    case storage(String)
    /// The backend does not offer this (e.g. email sign-up on a Matrix server without it).
    case unsupported(String)
    /// The caller's role does not allow this (e.g. listing reports without being a moderator).
    case forbidden(String)

    /// The disk (or quota) is full: said the same way by both backends.
    public static let diskFull = ChatError.storage("the disk is full; free some space and try again")

    public var errorDescription: String? { message }

    /// One line a user can read.
    public var message: String {
        switch self {
        case .denied(let denial): return denial.message
        case .wrongPassword: return "Wrong email or password."
        case .accountExists(let who): return "An account for \(who) already exists."
        case .noSuchAccount(let who): return "No account for \(who)."
        case .noSuchChannel(let name): return "No channel named \(name)."
        case .noSuchUser(let name): return "No member named \(name)."
        case .noSuchMessage: return "That message no longer exists."
        case .invalidInput(let why): return why
        case .tooLarge(let limit): return "Too large: the limit is \(ByteCount.text(limit, base: .binary))."
        case .offline(let why): return "Offline: \(why)"
        case .rateLimited(let ms): return "The server asks to wait \(ms) ms; retrying."
        case .badResponse(let why): return "The server sent something unexpected: \(why)"
        case .server(let code, let message): return "\(message) (\(code))"
        case .storage(let why): return "Storage error: \(why)"
        case .unsupported(let why), .forbidden(let why): return why
        }
    }
}
