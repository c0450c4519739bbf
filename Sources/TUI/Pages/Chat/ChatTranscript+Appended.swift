import ChatCore
import ViewModels

/// The rows of lines added at the end, alone: what a live message adds below the rows already on
/// screen, so a frame can draw just those (`ChatPane.drawAppended`) instead of laying out and
/// drawing the whole transcript again.
extension ChatTranscript {
    /// The rows the lines after `newest` add below the rows laid out through it: each line's rows,
    /// with a day's separator before a line of another day, exactly as `tailRows` lays them out.
    /// Nil when those lines would change rows above them or carry something drawn apart: a room
    /// change (it may join a collapsed run), a link (links are numbered from the newest), a
    /// picture (placed over its rows), the selected message, or the first unread one (its line);
    /// and when `newest` is not among `lines`.
    public func appendedRows(for lines: [ChatLine], after newest: MessageID, width: Int) -> [Row]? {
        guard let index = lines.lastIndex(where: { $0.id == newest }) else { return nil }
        var rows: [Row] = []
        for position in lines.indices where position > index {
            let line = lines[position]
            if case .roomChange = line.message.content { return nil }
            if Self.hasPreview(line.message.content) || line.id == selected || line.id == firstUnread { return nil }
            // Links are numbered from the newest (`/open 1`): a new one renumbers those above it.
            if (cache?.linkCount(of: line) ?? LinkOpener.links(of: line.message).count) > 0 { return nil }
            if day(of: line) != day(of: lines[position - 1]) { rows.append(separator(for: line.message.sentAt, width: width)) }
            rows += self.rows(for: line, width: width, linkNumber: 0)
        }
        return rows
    }
}
