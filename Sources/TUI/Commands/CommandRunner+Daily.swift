import ChatCore
import ViewModels

extension DailyCommand {
    /// `/msg NAME TEXT`: the first word names the person, the rest is the message.
    static func message(addressing argument: String) -> DailyCommand {
        let name = argument.prefix { !$0.isWhitespace }
        let text = argument.dropFirst(name.count).trimmingWhitespace()
        return .message(to: String(name), text: text.isEmpty ? nil : text)
    }
}

/// The daily-use commands: actions, direct messages, closing a chat, search, links, notification
/// levels and the hotlist. Each fails in place (an alert) and leaves the open chat as it was.
extension CommandRunner {
    func run(_ command: DailyCommand) async -> Bool {
        switch command {
        case .message(let name, let text):
            guard let community = inCommunity(), modal.report(await community.directMessage(name)) else { return false }
            guard let text, let chat = host?.openChat?.model else { return true }
            return await chat.send(text)
        case .part:
            guard inChat() != nil, let community = inCommunity() else { return false }
            await community.navigator.pop()
        case .search(let text):
            guard let community = inCommunity() else { return false }
            await community.showSearch(text)
        case .open(let number):
            return openLink(number)
        case .notify(let level):
            return notify(level)
        case .next:
            guard let community = inCommunity() else { return false }
            guard let outcome = await community.openNextActivity() else {
                session.show(notice: strings.nothingWaits)
                return true
            }
            return modal.report(outcome)
        case .names:
            return await names()
        case .members:
            return await fetchMembers()
        }
        return true
    }

    /// `/open N`: the links of what is shown (the chat, or the thread open over it) numbered
    /// newest first, as drawn; only http and https are ever opened.
    private func openLink(_ number: String) -> Bool {
        guard let chat = inChat(), let list = chat.shownList else { return false }
        let links = LinkOpener.numbered((list.lines.value ?? []).map(\.message))
        guard let index = Int(number), index >= 1, index <= links.count else {
            modal.alert = strings.noSuchLink(number, count: links.count)
            return false
        }
        return chat.open(link: links[index - 1])
    }

    /// `/notify LEVEL` sets the open chat's level (kept for next time); alone, says it.
    private func notify(_ argument: String?) -> Bool {
        guard let community = inCommunity(), let chat = inChat()?.model, let id = chat.channelID else { return false }
        let isDirect: Bool
        if case .person = chat.subject { isDirect = true } else { isDirect = false }
        guard let argument else {
            session.show(notice: strings.notifyLevel(community.activity.level(of: id, isDirect: isDirect)))
            return true
        }
        guard let level = NotifyLevel(rawValue: argument.lowercased()) else {
            modal.alert = strings.missingArgument("/notify all, mentions or mute")
            return false
        }
        do {
            try community.activity.setLevel(level, for: id)
            session.show(notice: strings.notifyLevel(level))
            return true
        } catch {
            modal.alert = strings.shared.error(error)
            return false
        }
    }
}

extension UIStrings {
    func noSuchLink(_ number: String, count: Int) -> String {
        let korean = language == .korean
        if count == 0 { return korean ? "이 채팅에는 링크가 없습니다." : "This chat has no links." }
        return korean ? "링크 \(InertText.sanitize(number))이(가) 없습니다 (1–\(count))." : "No link \(InertText.sanitize(number)) (1–\(count))."
    }

    func openedLink(_ url: String) -> String {
        (language == .korean ? "여는 중: " : "opening ") + InertText.sanitize(url)
    }

    func describe(_ refusal: LinkOpener.Refusal) -> String {
        let korean = language == .korean
        switch refusal {
        case .notWeb(let url): return korean ? "http·https 링크만 엽니다: \(url)" : "Only http and https links are opened: \(url)"
        case .noOpener(let command): return korean ? "\(command)이(가) 설치되어 있지 않습니다." : "\(command) is not installed."
        }
    }

    func notifyLevel(_ level: NotifyLevel) -> String {
        let korean = language == .korean
        switch level {
        case .all: return korean ? "알림: 모든 메시지" : "notify: every message"
        case .mentions: return korean ? "알림: 나를 부를 때만" : "notify: only when you are named"
        case .mute: return korean ? "알림: 끔" : "notify: muted"
        }
    }
}
