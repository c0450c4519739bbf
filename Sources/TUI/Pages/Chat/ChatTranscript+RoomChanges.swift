import ChatCore
import FoundationEssentials
import ViewModels

/// Membership and room changes (someone joined, left, was removed; the room renamed): one muted
/// line each, `12:03 → Mina joined`, never aligned as anyone's own words; many membership changes
/// in a row collapse into one line, `12:03 → 5 people joined, 2 left: Mina, Joon, Bob and 4
/// others`, so a busy room's joins do not push the conversation away. Names, topics and reasons
/// are other people's words: made inert like message text.
extension ChatTranscript {
    /// Membership changes in a row that collapse into one line.
    static let collapseAt = 3
    /// Lines one collapsed line stands for at most: a flood of joins costs a frame no more than this.
    static let longestRun = 500
    /// Names a collapsed line lists before `and N others`.
    static let namesListed = 3

    /// The collapsed run of membership changes that ends at `end`, or nil when the line there is
    /// not in one (another kind, or too few in a row). A run stays within one day and starts at
    /// the first unread line, so the day separator and the "new messages" line keep their places.
    func collapsedRun(endingAt end: Int, in lines: [ChatLine]) -> ClosedRange<Int>? {
        guard Self.isMembership(lines[end]) else { return nil }
        let day = LocalTime(lines[end].message.sentAt, zone: zone).dayNumber
        var start = end
        while start > 0, end - start + 1 < Self.longestRun, lines[start].id != firstUnread, Self.isMembership(lines[start - 1]),
              LocalTime(lines[start - 1].message.sentAt, zone: zone).dayNumber == day {
            start -= 1
        }
        return end - start + 1 >= Self.collapseAt ? start...end : nil
    }

    /// One collapsed line for a run: the time of its first change, what happened how often, and
    /// to whom. Selected when any of its changes is.
    func collapsedRows(_ run: ArraySlice<ChatLine>, width: Int) -> [Row] {
        var counts: [(action: MembershipChange.Action, count: Int)] = []
        var names: [String] = []
        for line in run {
            guard case .roomChange(.membership(let change)) = line.message.content else { continue }
            if let index = counts.firstIndex(where: { $0.action == change.action }) { counts[index].count += 1 } else { counts.append((change.action, 1)) }
            if !names.contains(change.targetNickname) { names.append(change.targetNickname) }
        }
        let listed = names.prefix(Self.namesListed).map { TextLayout.truncate(text.line($0), to: 24) }
        let words = strings.roomChanges(counts, names: listed, others: names.count - listed.count)
        var rows = changeRows(words, at: run.first?.message.sentAt ?? Date(), width: width)
        if run.contains(where: { $0.id == selected }) { rows.indices.forEach { rows[$0].isSelected = true } }
        return rows
    }

    private static func isMembership(_ line: ChatLine) -> Bool {
        if case .roomChange(.membership) = line.message.content { return true }
        return false
    }

    /// A room change's rows at `width`.
    func roomChangeRows(_ message: Message, width: Int) -> [Row] {
        guard case .roomChange(let change) = message.content else { return [] }
        return changeRows(roomChangeText(change, by: message.senderNickname), at: message.sentAt, width: width)
    }

    /// `12:03 → words`, muted, later lines hanging under the words.
    private func changeRows(_ words: String, at date: Date, width: Int) -> [Row] {
        let prefix = time(date) + " → "
        let body = TextLayout.wrappedLines(words, width: max(width - prefix.count, 4))
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
