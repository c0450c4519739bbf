import Foundation

/// Typing notices as matrix-nio sends and reads them (`scripts/nio-peer.py`).
extension NioPeer {
    /// nio starts (lasting `milliseconds`) or stops typing in `room`.
    public func type(_ typing: Bool, in room: String, milliseconds: Int = 30_000) throws {
        _ = try run(["action": "typing", "room_id": room, "typing": typing, "timeout_ms": milliseconds])
    }

    /// Syncs until nio reads `user` as typing in `room` (or, with `typing` false, as not),
    /// within `seconds`; true when it did. `typists` is whom nio last read as typing there.
    public func waitForTyping(of user: String, in room: String, typing: Bool = true, seconds: Int = 60) throws -> (seen: Bool, typists: [String]) {
        let answer = try run(["action": "watch-typing", "room_id": room, "watch_user": user, "want": typing, "seconds": seconds])
        return (answer["seen"] as? Bool ?? false, answer["typing_users"] as? [String] ?? [])
    }
}
