import ChatCore
import ViewModels

/// The chat's actions that cannot be taken back, or that act outside tteok: each asks first and
/// names its target (block, report, resend, discard, open, save). The question opens on Cancel
/// (`Question`), so a word typed by mistake does nothing. Each acts on what is shown: the chat,
/// or the thread open over it (`shownList`).
extension ChatController {
    /// `b` in selection mode.
    func askToBlockSelectedSender() {
        guard let list = shownList else { return }
        guard let line = list.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        modal.ask(strings.askBlock(line.message.senderNickname), confirm: strings.blockChoice, strings: strings) { [weak self] in
            await list.blockSelectedSender()
            self?.showSafetyOutcome()
        }
    }

    /// `/block` alone: the picked sender, else the person talked to.
    func askToBlockHere() {
        guard let model, let list = shownList else { return modal.alert = strings.missingArgument("/block NAME") }
        if list.selectedLine != nil { return askToBlockSelectedSender() }
        guard thread == nil, case .person(let other, _) = model.subject else { return modal.alert = strings.shared.selectMessageFirst }
        modal.ask(strings.askBlock(other.nickname), confirm: strings.blockChoice, strings: strings) { [weak self] in
            await model.blockPerson()
            self?.showSafetyOutcome()
        }
    }

    /// `r`: asks for the reason on the command line, which names the message reported.
    func promptReport() {
        guard let line = shownList?.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        host?.openCommandLine(CommandLine(editor: LineEditor(text: "/report "), prompt: strings.reportPrompt(messageTarget(line))))
    }

    /// `/report REASON`: the picked message, named in the question.
    func askToReport(reason: String) {
        guard let list = shownList else { return modal.alert = strings.notInCommunity }
        guard let line = list.selectedLine else { return modal.alert = strings.shared.selectMessageFirst }
        modal.ask(strings.askReport(messageTarget(line)), confirm: strings.reportChoice, strings: strings) { [weak self] in
            await list.reportSelected(reason: reason)
            self?.showSafetyOutcome()
        }
    }

    /// `t` / `d` in selection mode.
    func askAboutUnsent(retry: Bool) {
        guard let list = shownList else { return }
        let target = list.selectedLine.map { "“" + Self.excerpt($0.message.content.summary) + "”" }
        if retry {
            modal.ask(strings.askResend(target), confirm: strings.resendChoice, strings: strings) { await list.retryUnsent() }
        } else {
            modal.ask(strings.askDiscard(target), confirm: strings.discardChoice, strings: strings) { await list.discardUnsent() }
        }
    }

    /// `o` in selection mode: a picked message's link opens at once (as `/open`); else the picked
    /// image (else the newest attachment), named; a file is never opened, and the status line
    /// says to save it instead.
    func askToOpenImage() async {
        if openPickedLink() { return }
        guard let chosen = chosenAttachment() else { return }
        guard case .image = chosen else { return session.show(notice: strings.filesAreSavedNotOpened) }
        modal.ask(strings.askOpen(chosen.fileName), confirm: strings.openChoice, strings: strings) { [weak self] in await self?.openImage() }
    }

    /// `s` in selection mode: the picked attachment (else the newest), named with the folder.
    func askToSaveImage() async {
        guard let chosen = chosenAttachment() else { return }
        modal.ask(strings.askSave(chosen.fileName, files.downloadDirectory.path), confirm: strings.saveChoice, strings: strings) { [weak self] in
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

    /// `/encrypt`: asks first, naming the chat — encryption cannot be turned off again. A room
    /// known to be encrypted is only said to be.
    func askToEncrypt() {
        guard let model else { return modal.alert = strings.notInCommunity }
        let room = model.title
        if case .channel(let channel) = model.subject, channel.isEncrypted { return session.show(notice: strings.encryptionOn(room)) }
        modal.ask(strings.askEncrypt(room), confirm: strings.encryptChoice, strings: strings) { [session, strings] in
            if await model.turnOnEncryption() { session.show(notice: strings.encryptionOn(room)) }
        }
    }

    private func showSafetyOutcome() {
        modal.show(community.safety, session: session)
    }
}
