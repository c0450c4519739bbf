import ViewModels

extension TerminalApp {
    // MARK: Welcome

    func handleWelcome(_ key: Key) async {
        switch KeyMap.intent(for: key, in: .browsing) {
        case .up: moveSelection("welcome", by: -1, count: 3)
        case .down, .nextPane: moveSelection("welcome", by: 1, count: 3)
        case .previousPane: moveSelection("welcome", by: -1, count: 3)
        case .open:
            switch selection("welcome", count: 3) {
            case 0: await session.showLogIn()
            case 1: await session.showSignUp()
            default: await session.continueAsGuest()
            }
        case .logIn: await session.showLogIn()
        case .quit: askToQuit()
        case .help: showsHelp = true
        case .command: commandLine = LineEditor(text: "/")
        default: break
        }
    }

    // MARK: Forms

    /// The fields for `model`, made when it is first shown.
    private func fields(for model: AnyObject, count: Int) -> FormFields {
        if let form, form.owner == ObjectIdentifier(model) { return form }
        return FormFields(owner: ObjectIdentifier(model), count: count)
    }

    /// Tab/↑/↓ move between fields, Enter submits, Esc goes back, other keys edit the field.
    private func handleForm(_ model: AnyObject, count: Int, _ key: Key,
                            submit: (inout FormFields) async -> Void, back: () async -> Void) async {
        var fields = fields(for: model, count: count)
        switch KeyMap.intent(for: key, in: .typing) {
        case .nextPane, .edit(.down): fields.next()
        case .previousPane, .edit(.up): fields.previous()
        case .edit(let key): _ = fields.edit(key)
        case .submit:
            form = fields
            await submit(&fields)
        case .leave:
            form = nil
            return await back()
        default: break
        }
        form = fields
    }

    func handleLogIn(_ model: LogInFormModel, _ key: Key, back: () async -> Void) async {
        await handleForm(model, count: 2, key, submit: { fields in
            model.identifier = fields[0]
            model.password = fields[1]
            fields.clear(1)
            await model.submit()
        }, back: back)
    }

    func handleSignUp(_ model: SignUpFormModel, _ key: Key) async {
        await handleForm(model, count: 4, key, submit: { fields in
            model.identifier = fields[0]
            model.password = fields[1]
            model.nickname = fields[2]
            model.region = fields[3]
            fields.clear(1)
            await model.submit()
        }, back: { await session.showWelcome() })
    }

    func handleNicknamePrompt(_ model: NicknamePromptModel, in community: Community, _ key: Key) async {
        await handleForm(model, count: 1, key, submit: { fields in
            model.nickname = fields[0]
            await model.submit()
        }, back: { await community.navigator.dismiss() })
    }

    // MARK: Terms

    func handleTerms(_ model: TermsModel, _ key: Key, back: () async -> Void) async {
        switch KeyMap.intent(for: key, in: .browsing) {
        case .nextPane, .previousPane, .up, .down: termsFocus = (ObjectIdentifier(model), !isJoinFocused(model))
        case .toggle: model.toggleAgreement()
        case .open:
            if isJoinFocused(model) { await model.join() } else { model.toggleAgreement() }
        case .leave: await back()
        case .quit: askToQuit()
        default: break
        }
    }

    /// A terms screen starts with the checkbox focused.
    func isJoinFocused(_ model: TermsModel) -> Bool {
        guard let termsFocus, termsFocus.owner == ObjectIdentifier(model) else { return false }
        return termsFocus.onJoin
    }

    // MARK: Modals over the community

    func handleModal(_ modal: Page, in community: Community, _ key: Key) async {
        switch modal {
        case .logIn(let model): await handleLogIn(model, key) { await community.navigator.dismiss() }
        case .terms(let model): await handleTerms(model, key) { await community.navigator.dismiss() }
        case .nicknamePrompt(let model): await handleNicknamePrompt(model, in: community, key)
        case .quickSwitcher(let model): await handleSwitcher(model, in: community, key)
        default: break
        }
    }

    private func handleSwitcher(_ model: QuickSwitcherModel, in community: Community, _ key: Key) async {
        let count = model.matches.value?.count ?? 0
        switch KeyMap.intent(for: key, in: .typing) {
        case .edit(.up): moveSelection("switcher", by: -1, count: count)
        case .edit(.down): moveSelection("switcher", by: 1, count: count)
        case .edit(let key):
            if ui.switcherQuery.handle(key) == .changed {
                model.setQuery(ui.switcherQuery.text)
                ui.selections["switcher"] = 0
            }
        case .submit:
            guard let matches = model.matches.value, !matches.isEmpty else { return }
            let channel = matches[selection("switcher", count: matches.count)]
            report(await model.choose(channel))
        case .leave: await community.navigator.dismiss()
        default: break
        }
    }
}
