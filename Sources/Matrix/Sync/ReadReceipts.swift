/// Reading `m.receipt` ephemeral events: where this account's own read receipt stands, as the
/// server knows it (set by this client, another device, or before this login).
enum ReadReceipts {
    /// The receipt types that count as "read up to here" for the badge.
    static let types = ["m.read", "m.read.private"]

    /// The event `user` most recently marked read in these ephemeral events (by the receipt's
    /// timestamp); nil when none of them is the user's. Receipts of other shapes are ignored.
    static func newestRead(by user: String, in ephemeral: [AccountDataEvent]) -> String? {
        var newest: (event: String, ts: Double)?
        for receipt in ephemeral where receipt.type == "m.receipt" {
            guard case .object(let byEvent) = receipt.content else { continue }
            for (event, kinds) in byEvent {
                for type in types {
                    guard let mine = kinds[type]?[user] else { continue }
                    let ts = mine["ts"].flatMap { value -> Double? in
                        if case .number(let number) = value { return number }
                        return nil
                    } ?? 0
                    if ts >= (newest?.ts ?? -Double.infinity) { newest = (event, ts) }
                }
            }
        }
        return newest?.event
    }

    /// The receipt `newestRead` found, unless it is the implicit one the server puts on the
    /// viewer's own join in this same timeline: that marks nothing read (the messages of a room
    /// just joined, a direct conversation's first ones included, still count as new).
    static func readMarker(of user: String, ephemeral: [AccountDataEvent], timeline: [RoomEvent]) -> String? {
        guard let read = newestRead(by: user, in: ephemeral) else { return nil }
        let ownJoin = timeline.contains { event in
            event.event_id == read && event.type == "m.room.member" && event.sender == user && event.state_key == user
                && event.content.decode(as: MemberContent.self)?.membership == "join"
        }
        return ownJoin ? nil : read
    }
}
