import ViewModels

/// My page: nickname, email, region, messages posted, the rank once the count has arrived, and my
/// messages newest first.
public struct ProfilePane {
    public var model: ProfileModel
    public var strings: UIStrings
    public var text: OutsideText
    /// How my messages' times are written (their date, before today).
    public var times = TimeFormat()
    /// The highlighted row of my messages; the list scrolls to keep it in view.
    public var selected = 0

    public init(model: ProfileModel, strings: UIStrings, text: OutsideText) {
        self.model = model
        self.strings = strings
        self.text = text
    }

    @MainActor
    public func draw(on canvas: inout Canvas, in region: Region) {
        canvas.clear(region)
        let shared = strings.shared
        canvas.draw(shared.tabTitle(.profile), style: Style(.accent, on: nil, .bold), row: 0, column: 1, in: region)
        let body = region.inset(top: 2, left: 2, right: 1)
        let account = model.viewer.account
        let count: String
        switch model.messageCount {
        case .loading: count = shared.loading
        case .loaded(let value): count = String(value)
        case .failed(let reason): count = text.line(reason)
        }
        var facts: [(String, String)] = [(shared.nickname, text.line(model.displayName))]
        if let account {
            facts.append((shared.email, text.line(account.email)))
            facts.append((shared.region, text.line(account.region ?? "—")))
            facts.append((shared.messagesPosted, count))
            facts.append((shared.blockedUsers, blockedList))
        }
        for (row, fact) in facts.enumerated() {
            canvas.draw([Span(fact.0 + ": ", Style(.muted)), Span(fact.1, Style(.text, on: nil, .bold))], row: row, in: body)
        }
        var row = facts.count
        if let rank = model.rankTitle {
            canvas.draw("★ " + rank, style: Style(.accent, on: nil, .bold), row: row, in: body)
            row += 1
        }
        if account == nil {
            canvas.draw(shared.logInForConversations + "  /login", style: Style(.muted), row: row + 1, in: body)
            return
        }
        canvas.draw(strings.profileHint, style: Style(.muted), row: row, in: body)
        if let error = model.editError {
            canvas.draw(text.line(error), style: Style(.error, on: nil, .bold), row: row + 1, in: body)
            row += 1
        }
        drawMessages(on: &canvas, in: body.inset(top: row + 2))
    }

    /// The people I blocked, by nickname (unblock with `/unblock NAME`).
    @MainActor
    private var blockedList: String {
        switch model.blocked {
        case .loading: return strings.shared.loading
        case .failed(let reason): return text.line(reason)
        case .loaded(let users) where users.isEmpty: return strings.shared.noBlockedUsers
        case .loaded(let users): return users.map { text.line($0.nickname) }.joined(separator: ", ") + "  (/unblock NAME)"
        }
    }

    @MainActor
    private func drawMessages(on canvas: inout Canvas, in area: Region) {
        canvas.draw(strings.shared.myMessages, style: Style(.text, on: nil, .underline), row: 0, in: area)
        guard case .loaded(let messages) = model.myMessages else { return }
        let transcript = ChatTranscript(strings: strings, text: text, times: times)
        let height = max(area.height - 1, 0)
        let selected = min(max(self.selected, 0), max(messages.count - 1, 0))
        let first = ListScroll.offset(selected: selected, count: messages.count, height: height)
        for (row, index) in (first..<min(first + height, messages.count)).enumerated() {
            let message = messages[index]
            let background: ThemeRole? = index == selected ? .selection : nil
            if index == selected { canvas.clear(area.rows(row + 1, count: 1), style: Style(.text, on: .selection)) }
            canvas.draw([Span(transcript.listTime(message.sentAt) + " ", Style(.muted, on: background)),
                         Span(text.line(message.content.summary), Style(.own, on: background))], row: row + 1, in: area)
        }
    }
}
