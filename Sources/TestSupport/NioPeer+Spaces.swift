import Foundation

/// Spaces as matrix-nio makes them (`scripts/nio-peer.py`): the independent client that builds
/// what tteok groups its channel list by.
extension NioPeer {
    /// A space named `name` (`room_create(space=True)`), inviting `invite`, listing `children`
    /// by `m.space.child`. Returns the space's room id.
    public func createSpace(name: String, invite: [String] = [], children: [String]) throws -> String {
        let answer = try run(["action": "create-space", "name": name, "invite": invite, "children": children])
        guard let space = answer["room_id"] as? String else { throw Failure(description: "nio-peer answered \(answer)") }
        return space
    }

    /// Lists `child` in `space` (`listed`), or removes it from the space.
    public func setSpaceChild(_ child: String, in space: String, listed: Bool) throws {
        _ = try run(["action": "space-child", "room_id": space, "child": child, "listed": listed])
    }
}
