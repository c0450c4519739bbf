import ChatCore

extension MessageEventContent {
    /// The content addressing `mentions` (found by `Mentions` in its body): their ids in
    /// `m.mentions`, which is what other clients notify on, and — when the body has no Markdown
    /// of ours — a `formatted_body` drawing each name as a pill (a `matrix.to` link to the
    /// member), as Element sends it. Markdown text keeps its own HTML: the names are not linked
    /// there, but still mentioned. No mention leaves the content as it was.
    func mentioning(_ mentions: [TextMention]) -> MessageEventContent {
        guard !mentions.isEmpty else { return self }
        var content = self
        var users: [String] = []
        for mention in mentions where !users.contains(mention.user.raw) { users.append(mention.user.raw) }
        content.mentions = .object(["user_ids": .array(users.map(JSONValue.string))])
        if content.formattedBody == nil { (content.format, content.formattedBody) = (Self.htmlFormat, Self.pills(body, mentions)) }
        return content
    }

    /// `body` as HTML with each mention a pill: `<a href="https://matrix.to/#/@id">Name</a>`.
    static func pills(_ body: String, _ mentions: [TextMention]) -> String {
        let characters = Array(body)
        var html = "", position = 0
        func text(_ range: Range<Int>) -> String {
            MarkdownText.escaped(String(characters[range])).replacingScalars(["\n": "<br>"])
        }
        for mention in mentions.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where mention.range.lowerBound >= position && mention.range.upperBound <= characters.count {
            html += text(position..<mention.range.lowerBound)
            html += "<a href=\"https://matrix.to/#/\(MarkdownText.escaped(mention.user.raw))\">\(text(mention.range))</a>"
            position = mention.range.upperBound
        }
        return html + text(position..<characters.count)
    }
}
