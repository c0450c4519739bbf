import Foundation
import TestSupport
import XCTest

/// The settings file in the real interactive client: `$XDG_CONFIG_HOME/tteok/config` sets the
/// language and the region (SPEC 5's last region source) when the command line does not.
final class ConfigFileTmuxEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws { directory = try TemporaryDirectory(prefix: "tmux-config") }

    override func tearDown() {
        session?.close()
        directory = nil
    }

    func testConfigFileSetsLanguageAndPinsItsRegionUnlessTheCommandLineSaysOtherwise() throws {
        let user = try TteokUser(home: directory.file("home"), backendArguments: ["--store", directory.file("community.sqlite").path])
        let config = user.home.appendingPathComponent(".config/tteok/config")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# tteok\nlang = ko\nregion = 종로구\n".utf8).write(to: config)

        var screen: [String] = []
        try start(user, ["--guest"])
        XCTAssertTrue(waitUntil(seconds: 20) { screen = (try? self.session?.capture()) ?? []; return pinned(screen) != nil },
                      "no channel list:\n\(screen.joined(separator: "\n"))")
        XCTAssertEqual(pinned(screen), "종로구", screen.joined(separator: "\n"))

        session?.close()
        try start(user, ["--guest", "--region", "관악구", "--lang", "en"])
        XCTAssertTrue(waitUntil(seconds: 20) { screen = (try? self.session?.capture()) ?? []; return screen.contains { $0.contains("current region") } },
                      "no English channel list:\n\(screen.joined(separator: "\n"))")
        XCTAssertTrue(screen.first { $0.contains("current region") }?.contains("관악구") == true, screen.joined(separator: "\n"))
    }

    /// The channel whose row carries the Korean "current region" tag (현재 지역).
    private func pinned(_ screen: [String]) -> String? {
        guard let row = screen.first(where: { $0.contains("현재 지역") }) else { return nil }
        return ["마포구", "강남구", "종로구", "송파구", "관악구"].first { row.contains($0) }
    }

    private func start(_ user: TteokUser, _ arguments: [String]) throws {
        let words = ([user.binary.path] + user.backendArguments + arguments).map { "'\($0)'" }.joined(separator: " ")
        session = try TmuxSession(command: "\(words); echo \"EXITED $?\"; sleep 60", width: 100, height: 30, environment: user.environment)
    }
}
