/// Reading `m.receipt` ephemeral events: where this account's own read receipt stands, as the
/// server knows it (set by this client, another device, or before this login).
enum ReadReceipts {
    /// The receipt types that count as "read up to here" for the badge.
    static let types = ["m.read", "m.read.private"]

    /// The event `user` most recently marked read in these ephemeral events (by the receipt's
    /// timestamp); nil when none of them is the user's. Only a receipt of the room (none
    /// `thread_id`) or of its main timeline counts: one in a thread reads that thread, whose
    /// count the server keeps apart. Receipts of other shapes are ignored.
    static func newestRead(by user: String, in ephemeral: [AccountDataEvent]) -> String? {
        var newest: (event: String, ts: Double)?
        for receipt in ephemeral where receipt.type == "m.receipt" {
            guard case .object(let byEvent) = receipt.content else { continue }
            for (event, kinds) in byEvent {
                for type in types {
                    guard let mine = kinds[type]?[user], Self.isOfMainTimeline(mine["thread_id"]) else { continue }
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

    /// The thread a receipt was sent in (spec v1.4): none, or `main` for the main timeline.
    static let mainTimeline = "main"

    private static func isOfMainTimeline(_ thread: JSONValue?) -> Bool {
        guard let thread else { return true }
        if case .string(let id) = thread { return id == mainTimeline }
        return false
    }
}
