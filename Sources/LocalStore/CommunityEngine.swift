import ChatCore
import FoundationEssentials
import Glibc
import Storage

/// The community file opened once for the service: one database, one session per connection.
///
/// Every session shares the one connection and its serial queue, so writes never contend for
/// SQLite's lock between processes, and no client can hold the file.
public final class CommunityEngine: Sendable {
    let database: Database
    /// Email keys of the moderators (`tteok serve --moderator EMAIL`).
    public let moderators: Set<String>
    /// True for a user's private service (`tteok serve --private`): it stands in for the user
    /// opening the file directly, so the file keeps that mode and its rules (`.directFile`).
    public let isPrivate: Bool
    /// The Unix user who runs the service: every connection of theirs moderates.
    public let ownerUID: UInt32

    /// Opens `storeURL` owner-only (0600, adopting a file of today's format with nothing lost).
    /// A private engine leaves the file as a direct open would (0660 when new) and watches it
    /// for other processes' commits, as a direct open did: others may share the file that way.
    /// `ownerUID` is the Unix user running the service, who moderates whatever account they use:
    /// they hold the file and could change it anyway.
    public init(storeURL: URL, moderators: [String], isPrivate: Bool = false, ownerUID: UInt32 = getuid()) throws {
        self.moderators = Set(moderators.map(AccountRules.emailKey))
        self.isPrivate = isPrivate
        self.ownerUID = ownerUID
        do {
            var configuration = Database.Configuration()
            if isPrivate {
                try StoreFile.prepare(storeURL)
            } else {
                try StoreFile.prepare(storeURL, mode: StoreFile.serviceMode)
                try StoreFile.restrict(storeURL)
                // No other process writes the file: nothing to watch.
                configuration.observesOtherProcesses = false
            }
            database = try Database(path: storeURL.path, migrations: CommunitySchema.migrations, configuration: configuration)
        } catch {
            throw StoreErrors.map(error)
        }
    }

    /// Creates the community file's directory (0700) when missing, for the service's lock file
    /// beside it, taken before the file is opened.
    public static func prepareDirectory(for storeURL: URL) throws {
        do { try StoreFile.prepareDirectory(of: storeURL) } catch { throw StoreErrors.map(error) }
    }

    /// A new engine session for a connection from Unix user `peerUID`; its token lives in `slot`.
    /// Its live events come from the feed `liveFeed(sink:)` makes, not one of its own.
    public func session(peerUID: UInt32, slot: SessionSlot) throws -> LocalCommunity {
        let access: CommunityAccess = isPrivate ? .directFile : .service(peerUID: peerUID, moderators: moderators, ownerUID: ownerUID)
        return try LocalCommunity(database: database, keeper: slot, access: access, ownFeed: false)
    }

    /// The one live feed for every session of this engine; each commit's deliveries go to `sink`.
    public func liveFeed(sink: @escaping @Sendable ([SharedLiveFeed.Delivery]) -> Void) throws -> SharedLiveFeed {
        do { return try SharedLiveFeed(database: database, sink: sink) } catch { throw StoreErrors.map(error) }
    }
}
