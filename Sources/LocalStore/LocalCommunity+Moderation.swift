import ChatCore
import Foundation
import Storage

/// What only moderators may do. Not part of `ChatService` (a homeserver has its own admins):
/// the scripting CLI reaches it on the embedded community and through the service.
extension LocalCommunity {
    /// Longest channel name a moderator may give, in characters.
    public static let longestChannelName = 64

    /// Creates an open channel, or the channel of `region`. Moderators only: a member, a guest or
    /// someone signed out is refused, and nothing is stored.
    public func createChannel(named name: String, region: String?) async throws -> Channel {
        let wanted = try Self.checkedChannelName(name)
        let regionName = region.map { $0.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping }
        if let regionName, regionName.isEmpty { throw ChatError.invalidInput("A region needs a name.") }
        let access = access
        let viewer = state.viewerKey
        return try await write { connection in
            let member = try self.requireMember(connection)
            guard access.mayModerate(emailKey: AccountRules.emailKey(member.email)) else {
                throw ChatError.forbidden("Only the community's moderators can create channels.")
            }
            let taken = try connection.queryRow("SELECT id FROM channels WHERE kind != 'direct' AND (name = ? OR sort_key = ?)",
                                                [.text(wanted), .text(ChannelKeys.sortKey(wanted))])
            if taken != nil { throw ChatError.invalidInput("A channel named \(wanted) exists already.") }
            let now = SQLValue.real(Date().timeIntervalSince1970)
            if let regionName {
                try connection.run("INSERT INTO channels(name, kind, region, created_at) VALUES (?, 'region', ?, ?)", [.text(wanted), .text(regionName), now])
            } else {
                try connection.run("INSERT INTO channels(name, kind, created_at) VALUES (?, 'open', ?)", [.text(wanted), now])
            }
            let id = connection.lastInsertRowID
            _ = try ChannelKeys.fillBatch(connection)
            guard let row = try connection.queryRow("\(CommunitySQL.channel) WHERE c.id = ?2", [.integer(viewer), .integer(id)]) else {
                throw ChatError.storage("the new channel could not be read back")
            }
            return CommunitySQL.channel(row)
        }
    }

    /// A channel name as stored: trimmed, no leading `#`, canonical, with no control or format
    /// characters, 1 to `longestChannelName` characters.
    static func checkedChannelName(_ name: String) throws -> String {
        let wanted = String(name.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }).precomposedStringWithCanonicalMapping
        guard !wanted.isEmpty, wanted.count <= longestChannelName else {
            throw ChatError.invalidInput("A channel name is 1 to \(longestChannelName) characters.")
        }
        guard !wanted.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else {
            throw ChatError.invalidInput("A channel name cannot hold control or format characters.")
        }
        return wanted
    }
}
