import ChatCore
import TestSupport
import TUI
import XCTest

/// The app's text gate reads the user's filter file from the XDG config directory.
final class OutsideTextStandardTests: XCTestCase {
    func testTheUserFileAddsAndRemovesWords() throws {
        let directory = try TemporaryDirectory(prefix: "filter")
        let config = directory.file("config/tteok")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "# mine\n+tteokhater\n-bastard\n".write(to: config.appendingPathComponent("filter.txt"), atomically: true, encoding: .utf8)
        let text = OutsideText.standard(environment: ["HOME": directory.url.path, "XDG_CONFIG_HOME": directory.file("config").path])
        XCTAssertEqual(text.line("you tteokhater"), "you **********")
        XCTAssertEqual(text.line("bastard"), "bastard", "removed by the user")
        XCTAssertEqual(text.line("shit\u{1B}[2J"), "****^[[2J", "shipped words still masked, after the text was made inert")

        let none = OutsideText.standard(environment: ["HOME": directory.file("nobody").path])
        XCTAssertEqual(none.line("bastard tteokhater"), "******* tteokhater", "no user file: the shipped lists")
    }
}
