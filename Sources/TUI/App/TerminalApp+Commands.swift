import ViewModels

extension TerminalApp {
    /// Runs a slash command line; a line that is not a known command says so in an alert. True
    /// when the command was taken (it ran, or asked its question); false when it failed, so its
    /// line can stay to be corrected.
    @discardableResult
    func run(_ line: String) async -> Bool {
        switch CommandRegistry.parse(line) {
        case .failure(let problem):
            alert = strings.describe(problem)
            return false
        case .success(let command):
            let done = await execute(command)
            return done && alert == nil
        }
    }

    /// `/join` and `/dm` open over the chat shown: it stays until the new one opened, so a
    /// failure (an alert) leaves the chat, its scroll and the typed text as they were.
    /// False when the command failed or was refused (the alert or status line says why).
    func execute(_ command: SlashCommand) async -> Bool {
        switch command {
        case .join(let name):
            guard let community = inCommunity() else { return false }
            return report(await community.join(name))
        case .dm(let name):
            guard let community = inCommunity() else { return false }
            return report(await community.directMessage(name))
        case .nick(let name):
            guard let profile = inCommunity()?.profile else { return false }
            edited(await profile.setNickname(name), profile)
        case .region(let name):
            guard let profile = inCommunity()?.profile else { return false }
            edited(await profile.setRegion(name), profile)
        case .image(let path):
            await sendImage(atPath: path)
        case .login:
            if community != nil { await session.presentLogIn() } else { await session.showLogIn() }
        case .logout:
            askToLogOut()
        case .theme(let name):
            changeTheme(name)
        case .help:
            showHelp()
        case .quit:
            // Typed out and sent with Enter: deliberate, so it does not ask (`q` does).
            quit()
        case .report(let reason):
            askToReport(reason: reason)
        case .block(let name):
            askToBlock(named: name)
        case .unblock(let name):
            guard let community = inCommunity() else { return false }
            await community.safety.unblock(named: name)
            showSafetyNotice()
        }
        return true
    }

    private func inCommunity() -> Community? {
        if community == nil { alert = strings.notInCommunity }
        return community
    }

    private func edited(_ succeeded: Bool, _ profile: ProfileModel) {
        if succeeded {
            session.show(notice: strings.saved)
        } else {
            alert = profile.editError ?? strings.guestsCannotEdit
        }
    }

    private func changeTheme(_ name: String?) {
        guard let themes else { return }
        let available = themes.availableNames()
        guard let name else { return session.show(notice: strings.themesAvailable(available)) }
        do {
            let theme = try themes.load(named: name)
            onThemeChange?(theme)
            session.show(notice: strings.themeChanged(name))
        } catch {
            alert = strings.unknownTheme(name, available)
        }
    }
}
