import ChatCore
import ImagePreview
import LocalStore
import TUI

extension AppHarness {
    /// A member (Mina, 마포구) with `images` on, in lobby with the input ready.
    static func memberInLobby(images: ChafaImageRenderer) async throws -> AppHarness {
        let harness = try AppHarness()
        harness.app.useImages(images)
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        await harness.startInLobby()
        return harness
    }

    /// Mina (a member) in lobby with the input ready, and Joon, a member on another connection
    /// of the same community, who can post there.
    static func minaInLobbyWithJoon() async throws -> (AppHarness, joon: LocalCommunity, lobby: ChannelID) {
        let harness = try AppHarness()
        try await harness.service.signUpMember("mina", nickname: "Mina")
        let other = try harness.files.open(as: "joon")
        try await other.signUpMember("joon", nickname: "Joon")
        await harness.startInLobby()
        return (harness, other, try await other.channel(named: "lobby").id)
    }

    /// Starts the session and opens lobby, the input ready.
    func startInLobby() async {
        await session.start()
        await waitFor("current region")
        await type("/join lobby")
        await press(.enter)
        await waitFor("Type a message")
    }
}
