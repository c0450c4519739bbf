import ChatCore
import FoundationEssentials

/// Where a session's token is kept between runs: the user's 0600 session file when a user opens
/// the community file, or the service's memory for one connection (the client keeps the file).
public protocol SessionKeeping: Sendable {
    var token: String? { get }
    func save(token: String) throws
    func remove()
}

/// The user's session file (0600 in a 0700 directory).
struct SessionFileKeeper: SessionKeeping {
    let file: SecretFile<SavedSession>

    var token: String? { file.load()?.token }
    func save(token: String) throws { try file.save(SavedSession(token: token)) }
    func remove() { file.remove() }
}

/// A token held in memory for one service connection; the service hands it to the client.
public final class SessionSlot: SessionKeeping {
    private let value: Mutex<String?>

    public init(token: String? = nil) { value = Mutex(token) }

    public var token: String? { value.withLock { $0 } }
    public func save(token: String) throws { value.withLock { $0 = token } }
    public func remove() { value.withLock { $0 = nil } }
}
