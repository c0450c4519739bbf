import ChatCore
import FoundationEssentials
import ViewModels

/// The Direct tab: a search field, the invitations waiting for an answer (rooms and requests to
/// talk, each with who invited), then each conversation with the other person, the latest
/// message, its time and an unread mark (filtered by what is typed in the field), then the
/// members a search found, to start a conversation with; a guest is told to log in.
public struct ConversationsPane {
    public var rows: Loadable<[ConversationRow]>
    public var placeholder: String?
    /// Index into the invitations, then the conversations shown, then the members found.
    public var selected: Int
    /// Invitations waiting for an answer, listed first.
    public var invites: [Invite] = []
    public var strings: UIStrings
    public var text: OutsideText
    public var transcript: ChatTranscript
    /// False for a guest: no search field, only the placeholder (log in to talk).
    public var searchable = true
    /// The search field and whether keys go to it.
    public var query = LineEditor()
    public var searchFocused = false
    /// Members found by the last search (nil: no search made for this query).
    public var found: Loadable<[UserProfile]>?

    public init(rows: Loadable<[ConversationRow]>, placeholder: String?, selected: Int, strings: UIStrings, text: OutsideText, transcript: ChatTranscript) {
        self.rows = rows
        self.placeholder = placeholder
        self.selected = selected
        self.strings = strings
        self.text = text
        self.transcript = transcript
    }

    /// What drawing showed: the cursor when the search field has the keys, and which row of the
    /// selection (an invitation, a conversation, a member found) is on each screen row, so that
    /// a click picks what is under it.
    public struct Report: Hashable, Sendable {
        public var cursor: Point?
        public var rowTargets: [Int: Int] = [:]
    }

    /// Draws the tab.
    @discardableResult
    public func draw(on canvas: inout Canvas, in region: Region) -> Report {
        canvas.clear(region)
        canvas.draw(strings.shared.tabTitle(.direct), style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: region)
        guard searchable else {
            drawPlaceholder(on: &canvas, in: region.inset(top: 1))
            return Report()
        }
        var report = Report(cursor: drawSearch(on: &canvas, in: region.rows(1, count: 1)))
        let body = region.inset(top: 3)
        switch rows {
        case .loading:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, column: 1, in: body)
        case .failed(let reason):
            canvas.drawWrapped(text.line(reason), style: Style(.error), in: body.inset(left: 1))
        case .loaded(let conversations) where conversations.isEmpty && invites.isEmpty && query.isEmpty && found == nil:
            drawPlaceholder(on: &canvas, in: body)
        case .loaded(let conversations):
            report.rowTargets = drawList(conversations, on: &canvas, in: body)
        }
        return report
    }

    private func drawPlaceholder(on canvas: inout Canvas, in body: Region) {
        guard let placeholder else { return }
        canvas.draw(placeholder, style: Style(.muted), row: 0, column: 1, in: body)
        canvas.draw("/dm NAME", style: Style(.muted), row: 1, column: 1, in: body)
    }

    private func drawSearch(on canvas: inout Canvas, in line: Region) -> Point? {
        let label = strings.directSearchLabel
        let labelEnd = canvas.draw(label, style: searchFocused ? Style(.accent, on: nil, .bold) : Style(.muted), row: 0, column: 1, in: line)
        let field = line.inset(left: labelEnd, right: 1)
        if query.isEmpty, !searchFocused {
            canvas.draw(strings.directSearchPlaceholder, style: Style(.muted), row: 0, in: field)
            return nil
        }
        canvas.clear(field, style: Style(.text, on: .surface, searchFocused ? .underline : []))
        let cursor = canvas.draw(query.view(width: field.width), style: Style(.text, on: .surface), in: field)
        return searchFocused ? cursor : nil
    }

    /// Invitations under their heading, conversations, then a heading and the members found;
    /// the selection spans them all. Returns the selection's index drawn on each screen row.
    private func drawList(_ conversations: [ConversationRow], on canvas: inout Canvas, in body: Region) -> [Int: Int] {
        var lines = invitationLines()
        lines += conversations.enumerated().map { index, row in
            (invites.count + index, { canvas, line, selected in drawRow(row, isSelected: selected, on: &canvas, in: line) })
        }
        if conversations.isEmpty, !query.isEmpty {
            lines.append((nil, { canvas, line, _ in canvas.draw(strings.noConversationMatches, style: Style(.muted), row: 0, column: 2, in: line) }))
        }
        if let found {
            let members = foundLines(found, after: conversations)
            if !members.isEmpty {
                lines.append((nil, { _, _, _ in }))
                lines.append((nil, { canvas, line, _ in canvas.draw(strings.membersHeading, style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: line) }))
                lines += members
            }
        }
        let selectedLine = lines.firstIndex { $0.0 == selected } ?? 0
        let first = ListScroll.offset(selected: selectedLine, count: lines.count, height: body.height)
        var targets: [Int: Int] = [:]
        for (offset, line) in lines.dropFirst(first).prefix(body.height).enumerated() {
            line.1(&canvas, body.rows(offset, count: 1), line.0 == selected)
            if let index = line.0 { targets[body.absolute(Point(row: offset, column: 0)).row] = index }
        }
        return targets
    }

    private func invitationLines() -> [(Int?, (inout Canvas, Region, Bool) -> Void)] {
        guard !invites.isEmpty else { return [] }
        var lines: [(Int?, (inout Canvas, Region, Bool) -> Void)] = [
            (nil, { canvas, line, _ in canvas.draw(strings.invitationsHeading, style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: line) }),
        ]
        lines += invites.enumerated().map { index, invite in
            (index, { canvas, line, selected in drawInvite(invite, isSelected: selected, on: &canvas, in: line) })
        }
        lines.append((nil, { _, _, _ in }))
        return lines
    }

    /// `▸ ✉ Lobby  invited by Owner  Enter accept · x decline` (a request to talk names the person).
    private func drawInvite(_ invite: Invite, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        let base = isSelected ? Style(.text, on: .selection) : Style(.text)
        let muted = Style(.muted, on: isSelected ? .selection : nil)
        canvas.clear(line, style: base)
        let name = invite.isDirect ? strings.requestToTalk : TextLayout.truncate(text.line(invite.name), to: 24)
        var spans = [Span(isSelected ? "▸ " : "  ", Style(.accent, on: isSelected ? .selection : nil)),
                     Span("✉ ", Style(.badge, on: isSelected ? .selection : nil, .bold)),
                     Span(name, base.adding(.bold)),
                     Span("  " + strings.invitedBy(TextLayout.truncate(text.line(invite.inviter.nickname), to: 20)), muted)]
        if isSelected { spans.append(Span("  " + strings.inviteKeys, muted)) }
        canvas.draw(spans, row: 0, in: line)
    }

    private func foundLines(_ found: Loadable<[UserProfile]>, after conversations: [ConversationRow]) -> [(Int?, (inout Canvas, Region, Bool) -> Void)] {
        switch found {
        case .loading:
            return [(nil, { canvas, line, _ in canvas.draw(strings.shared.loading, style: Style(.muted), row: 0, column: 2, in: line) })]
        case .failed(let reason):
            return [(nil, { canvas, line, _ in canvas.draw(text.line(reason), style: Style(.error), row: 0, column: 2, in: line) })]
        case .loaded(let members):
            let talkedTo = Set(conversations.map(\.other.id))
            let fresh = members.filter { !talkedTo.contains($0.id) }
            // Everyone found already has a conversation above: no section at all.
            if fresh.isEmpty {
                guard members.isEmpty else { return [] }
                return [(nil, { canvas, line, _ in canvas.draw(strings.shared.noMembersFound, style: Style(.muted), row: 0, column: 2, in: line) })]
            }
            return fresh.enumerated().map { index, member in
                (invites.count + conversations.count + index, { canvas, line, selected in drawMember(member, isSelected: selected, on: &canvas, in: line) })
            }
        }
    }

    private func drawMember(_ member: UserProfile, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        let base = isSelected ? Style(.text, on: .selection) : Style(.text)
        canvas.clear(line, style: base)
        var spans = [Span(isSelected ? "▸ " : "  ", Style(.accent, on: isSelected ? .selection : nil)),
                     Span(TextLayout.truncate(text.line(member.nickname), to: 20), base.adding(.bold))]
        if let email = member.email, email != member.nickname {
            spans.append(Span("  " + text.line(email), Style(.muted, on: isSelected ? .selection : nil)))
        }
        canvas.draw(spans, row: 0, in: line)
    }

    private func drawRow(_ row: ConversationRow, isSelected: Bool, on canvas: inout Canvas, in line: Region) {
        let base = isSelected ? Style(.text, on: .selection) : Style(.text)
        canvas.clear(line, style: base)
        let mark = row.unread ? strings.unreadMark : " "
        let name = TextLayout.truncate(text.line(row.other.nickname), to: 18)
        let time = row.latestTime.map { transcript.listTime($0) } ?? ""
        var spans = [Span(isSelected ? "▸" : " ", Style(.accent, on: isSelected ? .selection : nil)),
                     Span(mark + " ", Style(.badge, on: isSelected ? .selection : nil, .bold)),
                     Span(name, row.unread ? base.adding(.bold) : base),
                     Span("  " + time + "  ", Style(.muted, on: isSelected ? .selection : nil))]
        if let latest = row.latest { spans.append(Span(text.line(latest.content.summary), Style(.muted, on: isSelected ? .selection : nil))) }
        canvas.draw(spans, row: 0, in: line)
    }
}
