import FoundationEssentials
import Glibc

/// Who may connect to the service's socket at all: its mode and group decide it.
public enum Sharing: Hashable, Sendable {
    /// Only the user running the service (socket 0600).
    case privateToOwner
    /// Members of a Unix group (socket 0660, that group).
    case group(String)
    /// Every user on the host (socket 0666).
    case everyone

    var socketMode: mode_t {
        switch self {
        case .privateToOwner: return 0o600
        case .group: return 0o660
        case .everyone: return 0o666
        }
    }

    /// The group id to give the socket, or nil to leave it.
    func groupID() throws -> gid_t? {
        guard case .group(let name) = self else { return nil }
        guard let entry = getgrnam(name) else { throw ServiceError.setup("no Unix group named \(name)") }
        return entry.pointee.gr_gid
    }
}

/// Why the service could not start or had to stop, in words for the person running it.
public enum ServiceError: Error, Hashable, Sendable {
    case setup(String)

    public var message: String {
        switch self {
        case .setup(let why): return why
        }
    }
}
