@testable import TUI
import ViewModels

/// Brings the app to a start state: overlays closed, then the page, focus and mode wanted —
/// reached with keys where a user would reach them.
extension StrayKeysFixture {
    func enter(_ state: StartState) async throws {
        await clearOverlays()
        guard let community = app.community else { return }
        switch state {
        case .welcome: return
        case .list, .switcher, .help, .question, .commandLine, .logInForm:
            await onList(community)
            switch state {
            case .switcher: await harness.press(.control("k"))
            case .help: await harness.type("?")
            case .question: await harness.type("q")
            case .commandLine: await harness.type("/")
            case .logInForm: await harness.type("l")
            default: break
            }
        case .directTab, .discoverTab, .profileTab:
            await onList(community)
            await community.navigator.select(state == .directTab ? .direct : state == .discoverTab ? .discover : .profile)
        case .input, .reading, .selecting, .splitList, .alert:
            await inLobby(community)
            switch state {
            case .reading: await harness.press(.escape)
            case .selecting: await harness.press(.escape, .up)
            case .splitList: await harness.press(.escape, .backTab)  // in the input Shift-Tab completes
            case .alert:
                await harness.type("/nosuch")
                await harness.press(.enter)
            default: break
            }
        }
    }

    private func clearOverlays() async {
        app.modal.question = nil
        app.alert = nil
        app.chat?.dismissAlert()
        app.commandLine = nil
        app.help = nil
        if case .logIn = app.session.phase, world == .welcome { await app.session.showWelcome() }
        if let community = app.community, community.navigator.modal != nil { await community.navigator.dismiss() }
    }

    private func onList(_ community: Community) async {
        await closeChats(community, except: nil)
        await community.navigator.select(.channels)
        app.ui.chat?.focus = .list
    }

    private func inLobby(_ community: Community) async {
        await closeChats(community, except: .channels)
        if community.navigator.selectedTab != .channels { await community.navigator.select(.channels) }
        if app.chat?.channelID != lobby {
            if app.chat != nil { await community.navigator.pop() }
            await community.join("lobby")
        }
        harness.frame()
        app.ui.chat?.cancelComposing()
        app.ui.chat?.focus = .input
        app.ui.chat?.input.setText("")
        app.chat?.select(nil)
    }

    /// Every tab but `kept` back at its root. A chat a case opened on another tab (`1` on the list,
    /// then Enter on Discover) would otherwise stay there, and a later case's `1` would show it with
    /// its input: the case would not start from the state it names (seed 3845123078, case 606).
    private func closeChats(_ community: Community, except kept: Tab?) async {
        let navigator = community.navigator
        for tab in Tab.allCases where tab != kept && navigator.stack(of: tab).count > 1 {
            await navigator.select(tab)
            for _ in 0..<navigator.stack(of: tab).count - 1 { await navigator.pop() }
        }
    }
}
