import ChatCore
import FoundationEssentials

/// What a message carries besides its text: the quoted original of a reply, "(edited)", the
/// reactions line, the thread count; and the kinds drawn differently (emotes, notices, deleted).
/// Everything from outside goes through `OutsideText` like the body does.
extension ChatTranscript {
    /// Columns one reaction key may take before it is cut (a key is any text on Matrix).
    static let reactionKeyWidth = 8

    /// The message's own rows: the quote, the body by kind, "(edited)", reactions, thread count.
    func messageRows(_ message: Message, width: Int, style: Style) -> [Row] {
        var rows: [Row] = message.replyTo.map { [quoteRow($0, width: width)] } ?? []
        var body = bodyRows(message, width: width, style: style)
        if message.isEdited, !message.isDeleted { appendEdited(to: &body, width: width) }
        rows += body
        if !message.reactions.isEmpty, !message.isDeleted { rows.append(reactionsRow(message.reactions, width: width)) }
        if case .root(let count, let unread) = message.thread, count > 0 {
            var label = "└ " + strings.threadReplies(count)
            if unread > 0 { label += " · " + strings.threadUnread(unread) }
            // Replies not yet seen in the thread's view make it bold, as an unread badge is.
            let style = unread > 0 ? Style(.accent, .bold) : Style(.accent)
            rows.append(Row(spans: [Span(TextLayout.truncate(label, to: width), style)], alignRight: false))
        }
        return rows
    }

    private func bodyRows(_ message: Message, width: Int, style: Style) -> [Row] {
        func lines(_ text: String, _ style: Style) -> [Row] {
            TextLayout.wrap(text, width: width).map { Row(spans: [Span(glyphs: $0, style)], alignRight: false) }
        }
        switch message.content {
        case .text(let body):
            if let formatted = message.formatted { return formattedRows(formatted, width: width, style: style) }
            return linkedRows(shownBody(body, omittedBytes: message.omittedBytes), width: width, style: style)
        case .emote(let body):
            let actor = "* " + message.senderNickname + " "
            if let formatted = message.formatted { return formattedRows(FormattedText(runs: [.init(actor)] + formatted.runs), width: width, style: style) }
            return lines("* " + text.line(message.senderNickname) + " " + shownBody(body, omittedBytes: message.omittedBytes), style)
        case .notice(let body):
            if let formatted = message.formatted { return formattedRows(formatted, width: width, style: Style(.muted)) }
            return lines(shownBody(body, omittedBytes: message.omittedBytes), Style(.muted))
        case .image(let image): return imageRows(image, width: width, style: style)
        case .sticker(let image): return imageRows(image, kind: .sticker, width: width, style: style)
        case .file(let file): return lines(attachmentLabel(file), style) + (file.caption.map { lines(shownBody($0, omittedBytes: 0), style) } ?? [])
        case .location(let place): return lines(locationLabel(place), style)
        case .encrypted(let reason):
            // The reason comes from our own crypto module, but it may quote a sender's withheld
            // notice: it goes through the same sanitiser as any text from outside.
            return lines(strings.encryptedMessage + (reason.map { " (\(text.line($0)))" } ?? ""), Style(.muted))
        case .deleted(let byModerator):
            return lines(byModerator ? strings.deletedByModerator : strings.deletedMessage, Style(.muted, on: nil, .dim))
        case .roomChange(let change): return lines(roomChangeText(change, by: message.senderNickname), Style(.muted))
        }
    }

    /// `↱ Mina: the first line of the original`, one dim line; a room change as its line says it
    /// (`↱ Bob joined`).
    func quoteRow(_ reply: ReplySummary, width: Int) -> Row {
        let quote: String
        switch reply.parent {
        case .message(let sender, let firstLine): quote = text.line(sender) + ": " + text.line(firstLine)
        case .deleted(let sender): quote = text.line(sender) + ": " + strings.deletedMessage
        case .roomChange(let sender, let change): quote = roomChangeText(change, by: sender)
        case .unavailable: quote = strings.replyUnavailable
        }
        return Row(spans: [Span(TextLayout.truncate("↱ " + quote, to: width), Style(.muted, on: nil, .dim))], alignRight: false)
    }

    /// " (edited)" after the last line, or on a line of its own when it does not fit.
    private func appendEdited(to rows: inout [Row], width: Int) {
        let mark = Span(" " + strings.edited, Style(.muted))
        if let last = rows.indices.last, rows[last].graphic == nil,
           rows[last].width + mark.width <= width {
            rows[last].spans.append(mark)
        } else {
            rows.append(Row(spans: [Span(strings.edited, Style(.muted))], alignRight: false))
        }
    }

    /// `👍 3  ❤ 1`, the viewer's own reactions bracketed and bold; keys that do not fit are cut.
    private func reactionsRow(_ reactions: [ReactionCount], width: Int) -> Row {
        var spans: [Span] = []
        var used = 0
        for (index, reaction) in reactions.enumerated() {
            let key = TextLayout.truncate(text.line(reaction.key), to: Self.reactionKeyWidth)
            let label = reaction.mine ? "[\(key) \(reaction.count)]" : "\(key) \(reaction.count)"
            let gap = index == 0 ? "" : "  "
            let needed = TextLayout.width(TextLayout.glyphs(gap + label))
            guard used + needed <= width else {
                if used + 2 <= width { spans.append(Span(" …", Style(.muted))) }
                break
            }
            spans.append(Span(gap, Style(.muted)))
            spans.append(Span(label, reaction.mine ? Style(.own, on: nil, .bold) : Style(.muted)))
            used += needed
        }
        return Row(spans: spans, alignRight: false)
    }
}
