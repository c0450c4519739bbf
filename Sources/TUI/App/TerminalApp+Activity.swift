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
