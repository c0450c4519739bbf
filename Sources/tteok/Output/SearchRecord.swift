import ChatCore
import FoundationEssentials

/// One search result as `tteok search` prints it: the message as `tteok read` prints it, plus
/// the snippet around the match.
struct SearchRecord: Encodable, Sendable {
    let message: MessageRecord
    let snippet: String

    init(_ hit: SearchHit) {
        message = MessageRecord(hit.message, channelName: hit.channelName)
        snippet = hit.snippet
    }

    private enum CodingKeys: String, CodingKey { case snippet }

    /// The message's fields and `snippet` in one flat object.
    func encode(to encoder: Encoder) throws {
        try message.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(snippet, forKey: .snippet)
    }

    /// `2026-12-02 18:30  #lobby  Mina: …best 맛집 in town…`
    func line(_ console: Console) -> String {
        let sender = message.nickname.isEmpty ? message.senderId : message.nickname
        return "\(message.timeText)  \(console.inert(message.channel))  \(console.inert(sender)): \(console.inert(snippet))"
    }
}
