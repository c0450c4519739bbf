import ChatCore
import Foundation
import ImagePreview
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// Who uses the app in a run of the stray-keys property, and the states each starts cases from.
enum World: CustomStringConvertible {
    case member, guest, welcome

    var states: [StartState] {
        switch self {
        case .member: return StartState.allCases
        case .guest: return [.list, .input, .reading, .selecting, .directTab, .discoverTab, .profileTab, .help, .question]
        case .welcome: return [.welcome]
        }
    }

    var description: String { "\(self == .member ? "member" : self == .guest ? "guest" : "welcome")" }
}

/// Where a case starts: a page, a focus, a mode, an overlay.
enum StartState: CaseIterable {
    case list, input, reading, selecting, splitList, directTab, discoverTab, profileTab
    case switcher, help, commandLine, question, alert, logInForm, welcome
}

/// One app on one real store, brought back to a start state before every case, and what lasts
/// (messages, blocks, reports, files, the viewer) read back after it.
@MainActor
final class StrayKeysFixture {
    let harness: AppHarness
    let world: World
    let folder: TemporaryDirectory
    let lobby: ChannelID
    private var last: Lasting?

    init(_ world: World) async throws {
        self.world = world
        harness = try AppHarness()
        folder = try TemporaryDirectory(prefix: "stray-keys")
        harness.app.downloadDirectory = folder.file("Downloads")
        harness.app.imageOpener = ["sh", "-c", "touch '\(folder.file("opened").path)'"]
        let bob = try harness.files.open(as: "bob")
        try await bob.signUpMember("bob", region: "마포구", nickname: "bob")
        lobby = try await bob.channel(named: "lobby").id
        _ = try await bob.send("hello from bob", to: lobby)
        try TestImages.png(width: 8, height: 8).write(to: folder.file("dog.png"))
        _ = try await bob.sendImage(ImageFileReader.upload(atPath: folder.file("dog.png").path), to: lobby)
        switch world {
        case .member:
            try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
            await harness.session.start()
        case .guest: await harness.session.continueAsGuest()
        case .welcome: await harness.session.start()
        }
        harness.frame()
    }

    var app: TerminalApp { harness.app }

    /// Types `line` and Enter from `state`; nil when the property held, else what broke.
    func check(_ line: String, from state: StartState) async throws -> String? {
        try await enter(state)
        let mayPost = [KeyContext.chatInput, .reading, .sidebar].contains(app.keyContext)
        let posts = mayPost && app.chat != nil && app.commandLine == nil && app.chat?.inputBar.isEnabled == true
            && (app.ui.chat?.input.text.isEmpty ?? true) && app.community?.navigator.modal == nil
        // Coming back to a start state changes nothing that lasts: the last case's reading holds.
        var before = last
        if before == nil { before = try await lasting() }
        await harness.type(line)
        await harness.press(.enter)
        harness.frame()
        let after = try await lasting()
        last = after
        guard var expected = before else { return "no reading" }
        if posts { expected.messages.append(line.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if after != expected { return "expected \(expected.changes(to: after)) (may post: \(posts))" }
        if harness.quitCount > 0 { return "quit" }
        return nil
    }

    /// What a stray key must never change.
    struct Lasting: Equatable {
        var messages: [String]
        var blocked: [String]
        var reports: Int
        var files: [String]
        var viewer: String

        func changes(to other: Lasting) -> String {
            "messages +\(other.messages.count - messages.count) \(other.messages.suffix(2)), blocked \(other.blocked), reports \(other.reports), files \(other.files), viewer \(other.viewer) (was \(viewer))"
        }
    }

    func lasting() async throws -> Lasting {
        let service = harness.service
        var messages: [String] = []
        for channel in try await service.channels() {
            messages += try await service.latestMessages(in: channel.id, limit: 1000).messages.map(\.content.summary)
        }
        let viewer = await service.viewer()
        let blocked = (try? await service.blockedUsers().map(\.nickname)) ?? []
        let reports = (try? await service.reports().count) ?? 0
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "dog.png" }.sorted()) ?? []
        return Lasting(messages: messages, blocked: blocked, reports: reports, files: files + [String(describing: (try? await service.conversations().count) ?? 0)],
                       viewer: viewer == .guest ? "guest" : viewer.displayName)
    }
}
