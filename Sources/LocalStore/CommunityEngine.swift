import ChatCore
import Foundation
import Storage

/// The community file opened once for the service: one database, one session per connection.
///
/// Every session shares the one connection and its serial queue, so writes never contend for
/// SQLite's lock between processes, and no client can hold the file.
public final class CommunityEngine: Sendable {
    let database: Database
    /// Email keys of the moderators (`tteok serve --moderator EMAIL`).
    public let moderators: Set<String>

    /// Opens `storeURL` owner-only (0600, adopting a file of today's format with nothing lost).
    public init(storeURL: URL, moderators: [String]) throws {
        self.moderators = Set(moderators.map(AccountRules.emailKey))
        do {
            try StoreFile.prepare(storeURL, mode: StoreFile.serviceMode)
            try StoreFile.restrict(storeURL)
            var configuration = Database.Configuration()
            // No other process writes the file: nothing to watch.
            configuration.observesOtherProcesses = false
            database = try Database(path: storeURL.path, migrations: CommunitySchema.migrations, configuration: configuration)
        } catch {
            throw StoreErrors.map(error)
        }
    }

    /// A new engine session for a connection from Unix user `peerUID`; its token lives in `slot`.
    public func session(peerUID: UInt32, slot: SessionSlot) throws -> LocalCommunity {
        try LocalCommunity(database: database, keeper: slot, access: .service(peerUID: peerUID, moderators: moderators))
    }
}
