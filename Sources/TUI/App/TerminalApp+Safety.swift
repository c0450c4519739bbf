import ViewModels

/// Reports and blocks from the terminal: `/report REASON`, `/block [NAME]`, `/unblock NAME`, and
/// the `r` and `b` keys on the message picked with ↑/↓ in a chat. The session's `SafetyModel` does
/// the work; its confirmation goes to the status line, a refusal to an alert.
extension TerminalApp {
    func executeSafety(_ command: SlashCommand) async {
        guard let community else { return alert = strings.notInCommunity }
        let safety = community.safety
        switch command {
        case .report(let reason):
            guard let chat else { return alert = strings.shared.selectMessageFirst }
            await chat.reportSelected(reason: reason)
        case .block(let name?):
            await safety.block(named: name)
        case .block(nil):
            guard let chat else { return alert = strings.missingArgument("/block NAME") }
            await chat.blockPerson()
        case .unblock(let name):
            await safety.unblock(named: name)
        default:
            return
        }
        showSafetyNotice(safety)
    }

    /// `r`: asks for the reason on the command line, ready to run `/report`.
    func promptReport() {
        guard let chat else { return }
        guard chat.selectedLine != nil else { return alert = strings.shared.selectMessageFirst }
        commandLine = LineEditor(text: "/report ")
    }

    /// `b`: blocks whoever wrote the selected message.
    func blockSelectedSender() async {
        guard let chat, let community else { return }
        await chat.blockSelectedSender()
        showSafetyNotice(community.safety)
    }

    private func showSafetyNotice(_ safety: SafetyModel) {
        switch safety.notice {
        case .done(let text): notice = text
        case .failed(let text): alert = text
        case nil: break
        }
        safety.clearNotice()
    }
}
