import ChatCore
import ViewModels

/// The member list beside the chat (Alt-N): the count on top, then one member a row in name
/// order — `●` online, `○` offline, nothing where the backend cannot tell — as many as fit. The
/// rest is counted on the last row, never drawn or held: `rows(in:)` is what the model asks for.
struct MemberPane {
    var list: Loadable<MemberList>?
    var strings: UIStrings
    var text: OutsideText

    /// Columns the pane takes (divider included), and the chat narrower than which it hides.
    static let width = 24
    static let minimumChatWidth = 40

    /// The chat and the pane side by side, or nil when the region is too narrow for both.
    static func split(_ region: Region) -> (chat: Region, divider: Region, pane: Region)? {
        guard region.width >= width + minimumChatWidth else { return nil }
        let (chat, rest) = region.splitColumns(region.width - width)
        let (divider, pane) = rest.splitColumns(1)
        return (chat, divider, pane)
    }

    /// Members the pane can show in `pane`: every row but the title and the one counting the rest.
    static func rows(in pane: Region) -> Int {
        max(pane.height - 2, 1)
    }

    func draw(on canvas: inout Canvas, divider: Region, pane: Region) {
        canvas.clear(divider)
        canvas.clear(pane)
        for row in 0..<divider.height { canvas.draw("│", style: Style(.border), row: row, in: divider) }
        let body = pane.inset(left: 1)
        canvas.draw(strings.shared.membersTitle, style: Style(.accent, on: nil, .bold), row: 0, in: body)
        switch list {
        case nil, .loading?:
            canvas.draw(strings.shared.loading, style: Style(.muted), row: 1, in: body)
        case .failed(let reason)?:
            canvas.drawWrapped(text.line(reason), style: Style(.error), row: 1, in: body)
        case .loaded(let members)?:
            drawMembers(members, on: &canvas, in: body)
        }
    }

    private func drawMembers(_ list: MemberList, on canvas: inout Canvas, in body: Region) {
        guard !list.members.isEmpty else {
            canvas.drawWrapped(strings.shared.noMembersYet, style: Style(.muted), row: 1, in: body)
            return
        }
        let fits = Self.rows(in: body)
        let shown = list.members.prefix(fits)
        for (index, member) in shown.enumerated() {
            let mark = Self.mark(member.presence)
            let end = canvas.draw(mark.glyph, style: mark.style, row: index + 1, in: body)
            canvas.draw(text.line(member.nickname), style: member.presence == .offline ? Style(.muted) : Style(.nickname),
                        row: index + 1, column: max(end, 2), in: body)
        }
        let footer = list.complete ? strings.shared.memberCount(shown: shown.count, total: list.total) : strings.shared.membersPartial
        canvas.draw(footer, style: Style(.muted), row: body.height - 1, in: body)
    }

    static func mark(_ presence: Presence) -> (glyph: String, style: Style) {
        switch presence {
        case .online: return ("●", Style(.success))
        case .offline: return ("○", Style(.muted))
        case .unknown: return (" ", .plain)
        }
    }
}
