import FoundationEssentials
import JSONScan

/// A sliding-sync answer read straight from its bytes into `SlidingSyncResponse` (JSONScan),
/// instead of through JSONDecoder and `Decodable`.
///
/// Why: the window's answer (about 250 KB for 60 rooms) is read before a cold start's first frame,
/// and through JSONDecoder that was the largest part of the client's own time after the server's
/// answer (~13 ms: every value built as JSONDecoder's tree first, each optional shape tried with a
/// thrown error, no way to step over what tteok never reads, such as the list's room ids).
///
/// It reads what the `Decodable` path reads and gives the same values (SlidingSyncReaderTests
/// compare both on real and hostile answers): a malformed event, room or entry is dropped and
/// the rest kept, as `LossyList` and `LossyDictionary` do; a malformed answer (not JSON, nested
/// deeper than 512, no `pos`, a part of the wrong type outside any room) is refused whole. Where
/// it is stricter: a key twice in an object it reads (JSONDecoder keeps the first; two readers
/// could take different values) and a number beyond `Double`'s range in an event's content
/// cost the event, room or answer that holds them.
enum SlidingSyncReader {
    static func read(_ data: Data) throws(JSONScanError) -> SlidingSyncResponse {
        let result: Result<SlidingSyncResponse, JSONScanError> = data.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self), replacesLoneSurrogates: true)
            return Result { () throws(JSONScanError) in
                let response = try response(&scanner)
                try scanner.end()
                return response
            }
        }
        return try result.get()
    }

    private static func response(_ scanner: inout JSONScanner) throws(JSONScanError) -> SlidingSyncResponse {
        let start = scanner.offset
        try scanner.enterObject()
        var seen = SeenKeys()
        var pos: String?
        var response = SlidingSyncResponse(pos: "")
        while let key = try scanner.nextKey() {
            switch key {
            case "pos": try seen.first(0, key, &scanner); pos = try scanner.string()
            case "lists": try seen.first(1, key, &scanner); response.lists = try scanner.strictObject(listCount)
            case "rooms": try seen.first(2, key, &scanner); response.rooms = try scanner.lossyObject(room).map(LossyDictionary.init(values:))
            case "extensions": try seen.first(3, key, &scanner); response.extensions = try scanner.null() ? nil : extensions(&scanner)
            default: try scanner.skip()
            }
        }
        guard let pos else { throw JSONScanError(.shape, at: start, "the answer has no pos") }
        response.pos = pos
        return response
    }

    private static func listCount(_ scanner: inout JSONScanner) throws(JSONScanError) -> SlidingSyncResponse.ListCount {
        try scanner.enterObject()
        var seen = SeenKeys()
        var count: Int?
        while let key = try scanner.nextKey() {
            guard key == "count" else { try scanner.skip(); continue }
            try seen.first(0, key, &scanner)
            count = try scanner.optionalInt64().map { Int($0) }
        }
        return SlidingSyncResponse.ListCount(count: count)
    }

    private static func room(_ scanner: inout JSONScanner) throws(JSONScanError) -> SlidingRoom {
        try scanner.enterObject()
        var seen = SeenKeys()
        var room = SlidingRoom()
        while let key = try scanner.nextKey() {
            switch key {
            case "required_state": try seen.first(0, key, &scanner); room.required_state = try scanner.lossyArray(event)
            case "timeline": try seen.first(1, key, &scanner); room.timeline = try scanner.lossyArray(event)
            // As `try? decodeIfPresent`: a value of the wrong type is no value, not a bad room.
            case "limited": try seen.first(2, key, &scanner); room.limited = try scanner.lenient { (s: inout JSONScanner) throws(JSONScanError) in try s.optionalBool() } ?? nil
            case "prev_batch": try seen.first(3, key, &scanner); room.prev_batch = try scanner.lenient { (s: inout JSONScanner) throws(JSONScanError) in try s.optionalString() } ?? nil
            case "invite_state": try seen.first(4, key, &scanner); room.invite_state = try scanner.lossyArray(strippedEvent)
            default: try scanner.skip()
            }
        }
        return room
    }

    static func event(_ scanner: inout JSONScanner) throws(JSONScanError) -> RoomEvent {
        let start = scanner.offset
        try scanner.enterObject()
        var seen = SeenKeys()
        var eventID: String?, type: String?, sender: String?, timestamp: Int64?, content: JSONValue?
        var stateKey: String?, unsigned: RoomEvent.Unsigned?, redacts: String?
        while let key = try scanner.nextKey() {
            switch key {
            case "event_id": try seen.first(0, key, &scanner); eventID = try scanner.optionalString()
            case "type": try seen.first(1, key, &scanner); type = try scanner.string()
            case "sender": try seen.first(2, key, &scanner); sender = try scanner.string()
            case "origin_server_ts": try seen.first(3, key, &scanner); timestamp = try scanner.optionalInt64()
            case "content": try seen.first(4, key, &scanner); content = try JSONValue(scanning: &scanner)
            case "state_key": try seen.first(5, key, &scanner); stateKey = try scanner.optionalString()
            case "unsigned": try seen.first(6, key, &scanner); unsigned = try scanner.null() ? nil : self.unsigned(&scanner)
            case "redacts": try seen.first(7, key, &scanner); redacts = try scanner.optionalString()
            default: try scanner.skip()
            }
        }
        guard let type, let sender, let content else { throw JSONScanError(.shape, at: start, "an event without type, sender or content") }
        return RoomEvent(event_id: eventID, type: type, sender: sender, origin_server_ts: timestamp, content: content,
                         state_key: stateKey, unsigned: unsigned, redacts: redacts)
    }

    private static func unsigned(_ scanner: inout JSONScanner) throws(JSONScanError) -> RoomEvent.Unsigned {
        try scanner.enterObject()
        var seen = SeenKeys()
        var unsigned = RoomEvent.Unsigned()
        while let key = try scanner.nextKey() {
            switch key {
            case "transaction_id": try seen.first(0, key, &scanner); unsigned.transaction_id = try scanner.optionalString()
            case "redacted_because": try seen.first(1, key, &scanner); unsigned.redacted_because = try JSONValue.optional(scanning: &scanner)
            case "prev_content": try seen.first(2, key, &scanner); unsigned.prev_content = try JSONValue.optional(scanning: &scanner)
            default: try scanner.skip()
            }
        }
        return unsigned
    }

    private static func strippedEvent(_ scanner: inout JSONScanner) throws(JSONScanError) -> StrippedEvent {
        let start = scanner.offset
        try scanner.enterObject()
        var seen = SeenKeys()
        var type: String?, sender: String?, stateKey: String?, content: JSONValue?
        while let key = try scanner.nextKey() {
            switch key {
            case "type": try seen.first(0, key, &scanner); type = try scanner.string()
            case "sender": try seen.first(1, key, &scanner); sender = try scanner.string()
            case "state_key": try seen.first(2, key, &scanner); stateKey = try scanner.optionalString()
            case "content": try seen.first(3, key, &scanner); content = try JSONValue(scanning: &scanner)
            default: try scanner.skip()
            }
        }
        guard let type, let sender, let content else { throw JSONScanError(.shape, at: start, "an invite event without type, sender or content") }
        return StrippedEvent(type: type, sender: sender, state_key: stateKey, content: content)
    }

    static func accountDataEvent(_ scanner: inout JSONScanner) throws(JSONScanError) -> AccountDataEvent {
        let start = scanner.offset
        try scanner.enterObject()
        var seen = SeenKeys()
        var type: String?, content: JSONValue?
        while let key = try scanner.nextKey() {
            switch key {
            case "type": try seen.first(0, key, &scanner); type = try scanner.string()
            case "content": try seen.first(1, key, &scanner); content = try JSONValue(scanning: &scanner)
            default: try scanner.skip()
            }
        }
        guard let type, let content else { throw JSONScanError(.shape, at: start, "an account data event without type or content") }
        return AccountDataEvent(type: type, content: content)
    }

    private static func extensions(_ scanner: inout JSONScanner) throws(JSONScanError) -> SlidingSyncResponse.Extensions {
        try scanner.enterObject()
        var seen = SeenKeys()
        var extensions = SlidingSyncResponse.Extensions()
        while let key = try scanner.nextKey() {
            switch key {
            case "receipts":
                try seen.first(0, key, &scanner)
                extensions.receipts = try scanner.null() ? nil : SlidingSyncResponse.Receipts(rooms: try onlyField("rooms", &scanner) {
                    (s: inout JSONScanner) throws(JSONScanError) in try s.lossyObject(accountDataEvent).map(LossyDictionary.init(values:))
                })
            case "account_data":
                try seen.first(1, key, &scanner)
                extensions.account_data = try scanner.null() ? nil : accountData(&scanner)
            default: try scanner.skip()
            }
        }
        return extensions
    }

    private static func accountData(_ scanner: inout JSONScanner) throws(JSONScanError) -> SlidingSyncResponse.AccountData {
        try scanner.enterObject()
        var seen = SeenKeys()
        var data = SlidingSyncResponse.AccountData()
        while let key = try scanner.nextKey() {
            switch key {
            // A plain array in `Decodable`: one malformed global event refuses the answer.
            case "global": try seen.first(0, key, &scanner); data.global = try scanner.strictArray(accountDataEvent)
            case "rooms":
                try seen.first(1, key, &scanner)
                data.rooms = try scanner.lossyObject { (s: inout JSONScanner) throws(JSONScanError) in
                    // Null is no list of events here (`decode`, not `decodeIfPresent`): the entry is dropped.
                    guard let events = try s.strictArray(accountDataEvent) else { throw s.unexpected("expected an array") }
                    return events
                }.map(LossyDictionary.init(values:))
            default: try scanner.skip()
            }
        }
        return data
    }

    /// An object of which only `name` is read (by `read`, nil when absent).
    private static func onlyField<T>(_ name: String, _ scanner: inout JSONScanner,
                                     _ read: (inout JSONScanner) throws(JSONScanError) -> T?) throws(JSONScanError) -> T? {
        try scanner.enterObject()
        var seen = SeenKeys()
        var value: T?
        while let key = try scanner.nextKey() {
            guard key == name else { try scanner.skip(); continue }
            try seen.first(0, key, &scanner)
            value = try read(&scanner)
        }
        return value
    }
}
