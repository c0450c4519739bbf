import ChatCore
import FoundationEssentials

/// Reads the two pushed frames every live message brings — `[v, "m", channel, count, …]` with
/// each message in its flat form, and `[v, "u", channel, count, …]` — straight from the bytes,
/// without `JSONDecoder` (whose generic containers were a tenth of a client's CPU per live message,
/// perf). Anything else, or anything it does not fully understand (another version, a message
/// in its whole form, an escape it does not know, a number that is not a plain integer where one
/// is due, bytes after the array), it leaves to `JSONDecoder` by answering nil, so a frame is
/// never read differently from before: only read sooner.
struct PushFrameReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event of a pushed frame in one of the two flat forms, or nil.
    static func event(in payload: Data) -> ChatEvent? {
        payload.withUnsafeBytes { raw in
            var reader = PushFrameReader(raw.bindMemory(to: UInt8.self))
            return reader.frame()
        }
    }

    private mutating func frame() -> ChatEvent? {
        guard take(UInt8(ascii: "[")), integer() == WireVersion.current, comma(), let kind = string() else { return nil }
        let event: ChatEvent?
        switch kind {
        case "m": event = messages()
        case "u": event = counts()
        default: return nil
        }
        guard let event, take(UInt8(ascii: "]")) else { return nil }
        skipWhitespace()
        return position == bytes.count ? event : nil
    }

    private mutating func messages() -> ChatEvent? {
        guard comma(), let channel = string().map(ChannelID.init), comma(), let count = integer(), count >= 0 else { return nil }
        var messages: [Message] = []
        for _ in 0..<count {
            guard comma(), integer() == 0, comma(), let id = string(), comma(), let sender = string(), comma(),
                  let nickname = string(), comma(), let sentAt = number(), comma(), let kind = integer(), comma(),
                  let text = string(), comma(), let omitted = integer() else { return nil }
            let content: MessageContent
            switch kind {
            case 0: content = .text(text)
            case 1: content = .emote(text)
            case 2: content = .notice(text)
            default: return nil
            }
            messages.append(Message(id: MessageID(id), channelID: channel, senderID: UserID(sender), senderNickname: nickname,
                                    sentAt: Date(timeIntervalSinceReferenceDate: sentAt), content: content, omittedBytes: omitted))
        }
        return .messagesAdded(channel, messages)
    }

    private mutating func counts() -> ChatEvent? {
        var counts: [ChannelID: Int] = [:]
        while !peek(UInt8(ascii: "]")) {
            guard comma(), let channel = string(), comma(), let count = integer() else { return nil }
            counts[ChannelID(channel)] = count
        }
        return .unreadCounts(counts)
    }

    // MARK: Values

    /// A string without control characters; escapes `\" \\ \/ \b \f \n \r \t \uXXXX` (surrogates
    /// only in pairs). Invalid UTF-8 is nil.
    private mutating func string() -> String? {
        skipWhitespace()
        guard take(UInt8(ascii: "\"")) else { return nil }
        let first = position
        // Most strings have no escape: their bytes are the text.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            guard bytes[position] >= 0x20 else { return nil }
            position += 1
        }
        var utf8 = Array(bytes[first..<position])
        while position < bytes.count, bytes[position] == UInt8(ascii: "\\") {
            position += 1
            guard position < bytes.count else { return nil }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = escapedScalar() else { return nil }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
                guard bytes[position] >= 0x20 else { return nil }
                utf8.append(bytes[position])
                position += 1
            }
        }
        guard takeRaw(UInt8(ascii: "\"")) else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uXXXX` of its low one.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard takeRaw(UInt8(ascii: "\\")), takeRaw(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)` that fits an Int.
    private mutating func integer() -> Int? {
        skipWhitespace()
        let first = position
        _ = takeRaw(UInt8(ascii: "-"))
        let integerStart = position
        let count = digits()
        guard count > 0, count <= 18, !(count > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { return nil }
        // A fraction or exponent is not a plain integer: JSONDecoder decides what it means.
        guard !peekRaw(UInt8(ascii: ".")), !peekRaw(UInt8(ascii: "e")), !peekRaw(UInt8(ascii: "E")) else { return nil }
        return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<position]), as: UTF8.self))
    }

    /// A JSON number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), as a finite Double.
    private mutating func number() -> Double? {
        skipWhitespace()
        let first = position
        _ = takeRaw(UInt8(ascii: "-"))
        let integerStart = position
        let count = digits()
        guard count > 0, !(count > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { return nil }
        if takeRaw(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
        if takeRaw(UInt8(ascii: "e")) || takeRaw(UInt8(ascii: "E")) {
            if !takeRaw(UInt8(ascii: "+")) { _ = takeRaw(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<position]), as: UTF8.self)),
              value.isFinite else { return nil }
        return value
    }

    private mutating func digits() -> Int {
        let first = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        return position - first
    }

    // MARK: Bytes

    private mutating func comma() -> Bool {
        skipWhitespace()
        return take(UInt8(ascii: ","))
    }

    /// The next byte after whitespace, taken when it is `byte`.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return takeRaw(byte)
    }

    /// The next byte, taken when it is `byte` (inside a token: no whitespace before it).
    private mutating func takeRaw(_ byte: UInt8) -> Bool {
        guard peekRaw(byte) else { return false }
        position += 1
        return true
    }

    private mutating func peek(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return peekRaw(byte)
    }

    private func peekRaw(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }
}
