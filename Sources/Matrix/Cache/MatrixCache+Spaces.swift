import FoundationEssentials
import Storage

/// Spaces: which rooms are spaces, and which rooms each space lists (`m.space.child`).
extension MatrixCache {
    /// `m.room.create`'s `type` of a space.
    static let spaceType = "m.space"
    /// The state event a space lists a room with; its state key is the room's id.
    static let spaceChildType = "m.space.child"
    /// The longest room id a link is kept for (the spec's limit for ids): a hostile state key
    /// of a megabyte is no room.
    static let longestRoomID = 255

    /// Stores or removes one `m.space.child` of `space`: a link with a non-empty `via` lists the
    /// room, one without removes it (the spec's removal). True when the links changed.
    static func storeSpaceChild(_ event: RoomEvent, space: String, in connection: Connection) throws -> Bool {
        guard let child = event.state_key, child.hasPrefix("!"), child.utf8.count <= longestRoomID else { return false }
        let via: [JSONValue] = if case .array(let servers)? = event.content.json?["via"] { servers } else { [] }
        if via.contains(where: { $0.stringValue?.isEmpty == false }) {
            return try connection.run("INSERT OR IGNORE INTO space_children (space, child) VALUES (?, ?)", [.text(space), .text(child)]) > 0
        }
        return try connection.run("DELETE FROM space_children WHERE space = ? AND child = ?", [.text(space), .text(child)]) > 0
    }

    /// For each listed room (joined or in the directory) that a joined space lists, the spaces
    /// listing it: one query, so a space of ten thousand children costs the rooms listed, not
    /// its children.
    static func listingSpaces(in connection: Connection) throws -> [String: [String]] {
        var spaces: [String: [String]] = [:]
        for row in try connection.query("""
            SELECT l.space, l.child FROM space_children l
              JOIN rooms s ON s.room_id = l.space AND s.membership = 'join' AND s.room_type = ?
              JOIN rooms c ON c.room_id = l.child AND (c.membership = 'join' OR c.in_directory = 1)
            """, [.text(MatrixCache.spaceType)]) {
            guard let space = row["space"].string, let child = row["child"].string else { continue }
            spaces[child, default: []].append(space)
        }
        return spaces
    }
}
