import Foundation

/// The peer's profile as matrix-nio changes it (`scripts/nio-peer.py`).
extension NioPeer {
    /// nio sets the user's display name (`set_displayname`): Synapse writes a new member event
    /// in each of the user's rooms.
    public func rename(to name: String) throws {
        _ = try run(["action": "rename", "displayname": name])
    }
}
