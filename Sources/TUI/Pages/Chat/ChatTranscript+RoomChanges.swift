import ChatCore
import Foundation

/// Membership and room changes (someone joined, left, was removed; the room renamed): one muted
/// line each, `12:03 → Mina joined`, never aligned as anyone's own words. Names, topics and
/// reasons are other people's words: made inert like message text.
extension ChatTranscript {
    /// A room change's rows at `width`.
    func roomChangeRows(_ message: Message, width: Int) -> [Row] {
        guard case .roomChange(let change) = message.content else { return [] }
        let prefix = time(message.sentAt) + " → "
        let body = TextLayout.wrappedLines(roomChangeText(change, by: message.senderNickname), width: max(width - prefix.count, 4))
        let pad = String(repeating: " ", count: prefix.count)
        return body.enumerated().map { index, line in
            Row(spans: [Span(index == 0 ? prefix : pad, Style(.muted)), Span(line, Style(.muted))], alignRight: false)
        }
    }

    /// The change in the interface's language, every outside word made inert.
    func roomChangeText(_ change: RoomChange, by actor: String) -> String {
        let target: String
        let words: String
        switch change {
        case .membership(let member):
            target = text.line(member.targetNickname)
            words = member.reason.map(text.line) ?? ""
        case .renamed(let name): (target, words) = ("", text.line(name))
        case .topic(let topic): (target, words) = ("", text.line(topic))
        }
        return strings.roomChange(change, actor: text.line(actor), target: target, words: words)
    }
}
