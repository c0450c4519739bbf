import ChatCore
import Foundation

/// One message as `tteok read` and `tteok post --json` print it.
struct MessageRecord: Encodable, Sendable {
    struct Image: Encodable, Sendable {
        let fileName: String
        let mimeType: String
        let byteCount: Int
        /// Pixels, when the sender's client said.
        let width: Int?
        let height: Int?
    }

    let id: String
    /// The channel's name as given to the command.
    let channel: String
    let channelId: String
    let senderId: String
    let nickname: String
    /// Encoded as ISO 8601.
    let sentAt: Date
    /// `text`, `image`, or `encrypted` (an end-to-end encrypted message tteok cannot read).
    let kind: String
    /// The text, for an image `[image] FILE`, for an encrypted message a placeholder.
    let text: String
    let image: Image?
    /// Bytes of a text longer than tteok reads (`ReadingCap`, 64 KiB) left out of `text`; absent
    /// for a whole message.
    let truncatedBytes: Int?

    init(_ message: Message, channelName: String) {
        id = message.id.raw
        channel = channelName
        channelId = message.channelID.raw
        senderId = message.senderID.raw
        nickname = message.senderNickname
        sentAt = message.sentAt
        text = message.content.summary
        truncatedBytes = message.omittedBytes > 0 ? message.omittedBytes : nil
        switch message.content {
        case .text:
            kind = "text"
            image = nil
        case .image(let info):
            kind = "image"
            image = Image(fileName: info.fileName, mimeType: info.mimeType, byteCount: info.byteCount, width: info.width, height: info.height)
        case .encrypted:
            kind = "encrypted"
            image = nil
        }
    }

    /// `2026-12-02 18:30  Mina: hello` for a terminal, in local time; a cut text ends `[… N KB more]`.
    func line(_ console: Console) -> String {
        let sender = nickname.isEmpty ? senderId : nickname
        let more = truncatedBytes.map { " [… \(ReadingCap.kilobytes($0)) KB more]" } ?? ""
        return "\(Self.timeFormatter().string(from: sentAt))  \(console.inert(sender)): \(console.inert(text))\(more)"
    }

    /// When it was sent, in local time, as the text lines show it.
    var timeText: String { Self.timeFormatter().string(from: sentAt) }

    /// A fixed, locale-independent format, so scripts reading text output see the same shape everywhere.
    private static func timeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }
}
