import ImagePreview
import TUI

extension AppHarness {
    /// A member (Mina, 마포구) with `images` on, in lobby with the input ready.
    static func memberInLobby(images: ChafaImageRenderer) async throws -> AppHarness {
        let harness = try AppHarness()
        harness.app.useImages(images)
        try await harness.service.signUpMember("mina", region: "마포구", nickname: "Mina")
        await harness.session.start()
        await harness.waitFor("current region")
        await harness.type("/join lobby")
        await harness.press(.enter)
        await harness.waitFor("Type a message")
        return harness
    }
}
