import ChatCore

extension MessageEventContent {
    /// What tteok sends for typed text, whatever it is (a post, reply, emote, edit, direct or
    /// thread message): the text as `body`, and when it uses our Markdown subset (`**strong**`,
    /// `*em*`, `code`, links) the same as HTML in `formatted_body`, as Element sends it.
    static func typed(_ text: String, msgtype: String = "m.text") -> MessageEventContent {
        var content = MessageEventContent(msgtype: msgtype, body: text)
        if let html = MarkdownText.html(text) { (content.format, content.formattedBody) = (htmlFormat, html) }
        return content
    }

    /// `words` as a message: an action is `m.emote`, shown by other clients as `* Name waves`.
    static func typed(_ words: Words) -> MessageEventContent {
        switch words {
        case .text(let text): return typed(text)
        case .emote(let text): return typed(text, msgtype: "m.emote")
        }
    }

    /// The content as an edit's `m.new_content` carries it.
    var asNewContent: JSONValue {
        var fields: [String: JSONValue] = ["msgtype": .string(msgtype), "body": .string(body)]
        if let format, let formattedBody { (fields["format"], fields["formatted_body"]) = (.string(format), .string(formattedBody)) }
        return .object(fields)
    }
}
