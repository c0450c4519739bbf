import ChatCore
import ViewModels

/// Every action that cannot be taken back, or that acts outside tteok, asks first and names its
/// target: quit, log out, block, report, open and save an image, resend and discard an unsent
/// message. The question opens on Cancel (`Question`), so a word typed by mistake does nothing.
extension TerminalApp {
    /// `q`: quitting by a stray key would lose the typed text and the place.
    func askToQuit() {
        ask(strings.askQuit, confirm: strings.quitChoice) { [weak self] in self?.quit() }
    }

    /// `/logout`.
    func askToLogOut() {
        ask(strings.askLogOut(viewerName), confirm: strings.logOutChoice) { [weak self] in await self?.session.logOut() }
    }

    /// `b` in selection mode.
    func askToBlockSelectedSender() {
        guard let chat else { return }
        guard let line = chat.selectedLine else { return alert = strings.shared.selectMessageFirst }
        ask(strings.askBlock(line.message.senderNickname), confirm: strings.blockChoice) { [weak self] in
            await chat.blockSelectedSender()
            self?.showSafetyNotice()
        }
    }

    /// `/block NAME`, or alone in a chat: the picked sender (else the person talked to).
    func askToBlock(named name: String?) {
        guard let community else { return alert = strings.notInCommunity }
        if let name {
            return ask(strings.askBlock(name), confirm: strings.blockChoice) { [weak self] in
                await community.safety.block(named: name)
                self?.showSafetyNotice()
            }
        }
        guard let chat else { return alert = strings.missingArgument("/block NAME") }
        let target: String
        if let line = chat.selectedLine {
            target = line.message.senderNickname
        } else if case .person(let other, _) = chat.subject {
            target = other.nickname
        } else {
            return alert = strings.shared.selectMessageFirst
        }
        ask(strings.askBlock(target), confirm: strings.blockChoice) { [weak self] in
            await chat.blockPerson()
            self?.showSafetyNotice()
        }
    }

    /// `r`: asks for the reason on the command line, which names the message reported.
    func promptReport() {
        guard let chat else { return }
        guard let line = chat.selectedLine else { return alert = strings.shared.selectMessageFirst }
        commandLine = CommandLine(editor: LineEditor(text: "/report "), prompt: strings.reportPrompt(messageTarget(line)))
    }

    /// `/report REASON`: the picked message, named in the question.
    func askToReport(reason: String) {
        guard let chat else { return alert = strings.notInCommunity }
        guard let line = chat.selectedLine else { return alert = strings.shared.selectMessageFirst }
        ask(strings.askReport(messageTarget(line)), confirm: strings.reportChoice) { [weak self] in
            await chat.reportSelected(reason: reason)
            self?.showSafetyNotice()
        }
    }

    /// `t` / `d` in selection mode.
    func askAboutUnsent(retry: Bool) {
        guard let chat else { return }
        let target = chat.selectedLine.map { "“" + Self.excerpt($0.message.content.summary) + "”" }
        if retry {
            ask(strings.askResend(target), confirm: strings.resendChoice) { await chat.retryUnsent() }
        } else {
            ask(strings.askDiscard(target), confirm: strings.discardChoice) { await chat.discardUnsent() }
        }
    }

    /// `o` in selection mode: the picked image (else the newest attachment), named; a file is
    /// never opened, and the status line says to save it instead.
    func askToOpenImage() async {
        guard let chosen = chosenAttachment() else { return }
        guard case .image = chosen else { return session.show(notice: strings.filesAreSavedNotOpened) }
        ask(strings.askOpen(chosen.fileName), confirm: strings.openChoice) { [weak self] in await self?.openImage() }
    }

    /// `s` in selection mode: the picked attachment (else the newest), named with the folder.
    func askToSaveImage() async {
        guard let chosen = chosenAttachment() else { return }
        ask(strings.askSave(chosen.fileName, downloadDirectory.path), confirm: strings.saveChoice) { [weak self] in
            await self?.saveImage()
        }
    }

    /// "Bob's message “buy cheap…”".
    func messageTarget(_ line: ChatLine) -> String {
        strings.messageBy(line.message.senderNickname, Self.excerpt(line.message.content.summary))
    }

    static func excerpt(_ text: String, length: Int = 40) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > length ? String(line.prefix(length)) + "…" : line
    }

    func showSafetyNotice() {
        guard let safety = community?.safety else { return }
        switch safety.notice {
        case .done(let text): session.show(notice: text)
        case .failed(let text): alert = text
        case nil: break
        }
        safety.clearNotice()
    }

    /// Puts `text` up as a question whose second choice, `confirm`, runs `action`.
    func ask(_ text: String, confirm: String, action: @escaping @MainActor () async -> Void) {
        modal.question = Question(text, cancel: strings.cancel, confirm: confirm, action: action)
    }
}
