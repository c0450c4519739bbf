import ViewModels

extension TerminalApp {
    /// Alt-A and `/next`: the next chat with highlights, then new messages; the status line says
    /// when nothing waits.
    func openNextActivity(_ community: Community) async {
        guard let outcome = await community.openNextActivity() else { return session.show(notice: strings.nothingWaits) }
        _ = modal.report(outcome)
    }
}

extension UIStrings {
    var nothingWaits: String { language == .korean ? "새 메시지가 있는 채팅이 없습니다" : "no other chat has new messages" }
}

extension TerminalApp {
    /// The status line's word on activity when nothing else is said: a direct message not yet
    /// read (from whom, and the key that goes there).
    var activityNotice: String? {
        guard let entry = community?.activity.directNotice else { return nil }
        return strings.newDirectMessage(from: text.line(entry.name))
    }
}

extension UIStrings {
    func newDirectMessage(from name: String) -> String {
        language == .korean ? "\(name)님의 새 메시지 · Alt-A" : "new message from \(name) · Alt-A"
    }
}
