import ChatCore
import FoundationEssentials
import MatrixCrypto
import Storage

/// Membership and room changes (`m.room.member`, `m.room.name`, `m.room.topic` in the timeline)
/// as lines of the room: cached in `events` under a msgtype of tteok's own, the change encoded
/// in the body, so they page, order and delete with the messages around them.
enum RoomChangeLines {
    /// The cache's msgtype for a room change; a message claiming it is cached as text.
    static let msgtype = "tteok.room_change"
    /// The state events shown as lines when they come in the timeline.
    static let eventTypes: Set<String> = ["m.room.member", "m.room.name", "m.room.topic"]
    /// Characters of a name, topic or reason kept in a line (the room's real topic is kept
    /// apart): a hostile 60 KB topic costs the timeline no more than this.
    static let longest = 500

    /// The change `event` makes, or nil when it is none tteok shows (a profile change of a
    /// member who stays joined, a knock, a withdrawn invitation, a malformed event).
    static func change(of event: RoomEvent, room: String, in connection: Connection) throws -> RoomChange? {
        switch event.type {
        case "m.room.name": return .renamed(cut(event.content.json?.decode(as: NameContent.self)?.name ?? ""))
        case "m.room.topic": return .topic(cut(event.content.json?.decode(as: TopicContent.self)?.topic ?? ""))
        default: break
        }
        guard let target = event.state_key, let member = event.content.json?.decode(as: MemberContent.self) else { return nil }
        let previous = event.unsigned?.prev_content?.decode(as: MemberContent.self)
        let action: MembershipChange.Action
        switch (member.membership, previous?.membership) {
        case ("join", "join"): return nil
        case ("join", _): action = .joined
        case ("invite", _): action = .invited
        case ("ban", _): action = .banned
        case ("leave", "ban") where event.sender != target: action = .unbanned
        case ("leave", "invite") where event.sender != target: return nil
        case ("leave", _): action = event.sender == target ? .left : .kicked
        default: return nil
        }
        // The cached name only when the event names nobody (most joins carry the name).
        let told = member.displayname ?? previous?.displayname
        let known = told == nil ? try connection.scalar("SELECT display_name FROM members WHERE room_id = ? AND user_id = ?",
                                                        [.text(room), .text(target)]).string : nil
        let name = DomainMapping.nickname(told ?? known, of: target)
        let reason = event.content.json?["reason"]?.stringValue.map(cut)
        return .membership(MembershipChange(action: action, target: UserID(target), targetNickname: cut(name),
                                            reason: action == .kicked || action == .banned ? reason : nil))
    }

    /// The cached form of a change: the JSON `RoomChange`'s `Codable` reads (`change(fromBody:)`),
    /// written by hand — a JSONEncoder per line took ~38 K instructions, and a cold start's window
    /// writes a line for every join in its rooms' timelines.
    static func content(_ change: RoomChange) throws -> MessageEventContent {
        MessageEventContent(msgtype: msgtype, body: try CanonicalJSON.string(json(change)))
    }

    /// `RoomChange` as its synthesized `Codable` has it: a case is an object keyed by its name,
    /// holding `_0`; a user id is `{"raw": …}`; a missing reason is left out.
    private static func json(_ change: RoomChange) -> CryptoJSON {
        switch change {
        case .renamed(let name): return .object(["renamed": .object(["_0": .string(name)])])
        case .topic(let topic): return .object(["topic": .object(["_0": .string(topic)])])
        case .membership(let member):
            var fields: [String: CryptoJSON] = ["action": .string(member.action.rawValue), "target": .object(["raw": .string(member.target.raw)]),
                                                "targetNickname": .string(member.targetNickname)]
            if let reason = member.reason { fields["reason"] = .string(reason) }
            return .object(["membership": .object(["_0": .object(fields)])])
        }
    }

    /// The change a cached line holds; nil when its body is not one (cut short, or damaged).
    static func change(fromBody body: String) -> RoomChange? {
        try? JSONDecoder().decode(RoomChange.self, from: Data(body.utf8))
    }

    private static func cut(_ text: String) -> String {
        text.count > longest ? String(text.prefix(longest)) + "…" : text
    }
}
