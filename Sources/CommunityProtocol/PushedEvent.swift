import ChatCore
import FoundationEssentials

/// A pushed event in the form it travels in: every client decodes every push, so a live
/// message's shape on the wire is part of what it costs each client. The two events of a new
/// message are flat arrays of the fields a new message has — `["m", channel, count, …]`, each
/// message `0, id, sender, nickname, sentAt, kind, text, omittedBytes`, and `["u", channel,
/// count, …]` — where Codable's keyed objects (an object per enum case, identifier and level,
/// each read into a dictionary) cost ten times as much to decode. A message with more than that
/// (a reply, a thread, formatting, a picture…) goes whole (`1, {message}`), and any other event
/// as `["e", {event}]`.
enum PushedEvent {
    /// The event after the frame's version in `fields`.
    static func decode(from fields: inout any UnkeyedDecodingContainer) throws -> ChatEvent {
        switch try fields.decode(String.self) {
        case "m":
            let channel = ChannelID(try fields.decode(String.self))
            let count = try fields.decode(Int.self)
            var messages: [Message] = []
            for _ in 0..<max(0, count) { messages.append(try message(in: channel, from: &fields)) }
            return .messagesAdded(channel, messages)
        case "u":
            var counts: [ChannelID: Int] = [:]
            while !fields.isAtEnd { counts[ChannelID(try fields.decode(String.self))] = try fields.decode(Int.self) }
            return .unreadCounts(counts)
        case "e":
            return try fields.decode(ChatEvent.self)
        case let other:
            throw DecodingError.dataCorruptedError(in: fields, debugDescription: "no pushed event is called \(other)")
        }
    }

    /// `event` after the frame's version in `fields`.
    static func encode(_ event: ChatEvent, into fields: inout any UnkeyedEncodingContainer) throws {
        switch event {
        case .messagesAdded(let channel, let messages):
            try fields.encode("m")
            try fields.encode(channel.raw)
            try fields.encode(messages.count)
            for message in messages { try encode(message, in: channel, into: &fields) }
        case .unreadCounts(let counts):
            try fields.encode("u")
            for (channel, count) in counts.sorted(by: { $0.key.raw < $1.key.raw }) {
                try fields.encode(channel.raw)
                try fields.encode(count)
            }
        default:
            try fields.encode("e")
            try fields.encode(event)
        }
    }

    private static func message(in channel: ChannelID, from fields: inout any UnkeyedDecodingContainer) throws -> Message {
        switch try fields.decode(Int.self) {
        case 0:
            let id = MessageID(try fields.decode(String.self))
            let sender = UserID(try fields.decode(String.self))
            let nickname = try fields.decode(String.self)
            let sentAt = Date(timeIntervalSinceReferenceDate: try fields.decode(Double.self))
            let kind = try fields.decode(Int.self)
            let text = try fields.decode(String.self)
            let omitted = try fields.decode(Int.self)
            let content: MessageContent
            switch kind {
            case 0: content = .text(text)
            case 1: content = .emote(text)
            case 2: content = .notice(text)
            default: throw DecodingError.dataCorruptedError(in: fields, debugDescription: "no message kind \(kind)")
            }
            return Message(id: id, channelID: channel, senderID: sender, senderNickname: nickname, sentAt: sentAt, content: content,
                           omittedBytes: omitted)
        case 1:
            let message = try fields.decode(Message.self)
            guard message.channelID == channel else {
                throw DecodingError.dataCorruptedError(in: fields, debugDescription: "a message of another channel")
            }
            return message
        case let other:
            throw DecodingError.dataCorruptedError(in: fields, debugDescription: "no message form \(other)")
        }
    }

    private static func encode(_ message: Message, in channel: ChannelID, into fields: inout any UnkeyedEncodingContainer) throws {
        guard let (kind, text) = plain(message, in: channel) else {
            try fields.encode(1)
            try fields.encode(message)
            return
        }
        try fields.encode(0)
        try fields.encode(message.id.raw)
        try fields.encode(message.senderID.raw)
        try fields.encode(message.senderNickname)
        try fields.encode(message.sentAt.timeIntervalSinceReferenceDate)
        try fields.encode(kind)
        try fields.encode(text)
        try fields.encode(message.omittedBytes)
    }

    /// The kind's number and the text of a message that is only those fields (what a new message
    /// usually is); nil when it carries anything more.
    private static func plain(_ message: Message, in channel: ChannelID) -> (Int, String)? {
        let bare = Message(id: message.id, channelID: channel, senderID: message.senderID, senderNickname: message.senderNickname,
                           sentAt: message.sentAt, content: message.content, omittedBytes: message.omittedBytes)
        guard message == bare else { return nil }
        switch message.content {
        case .text(let text): return (0, text)
        case .emote(let text): return (1, text)
        case .notice(let text): return (2, text)
        default: return nil
        }
    }
}
