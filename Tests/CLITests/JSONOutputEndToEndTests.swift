import Foundation
import TestSupport
import XCTest

/// Issue 14, finding 6: `tteok read --json` run in a terminal carried a member's raw C1 controls
/// (U+009B is a CSI, U+009D…U+009C an OSC 52 clipboard write), bidi overrides, DEL and U+2028
/// to it; JSONEncoder escapes only C0. The real binary's standard output is read as bytes.
final class JSONOutputEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }

    /// Every kind of scalar that acts on a terminal or reorders what it shows, in one message.
    static let hostile = "\u{9B}31mCSI \u{9D}52;c;ZXZpbA==\u{9C}clip \u{202E}rlo\u{202C} \u{2067}iso\u{2069} "
        + "\u{7F}del \u{85}nel \u{2028}ls\u{2029}ps \u{200B}\u{200E}\u{FEFF}\u{061C}\u{2060}\u{E0001}tag 떡 😀 \u{1B}]0;t\u{07}"

    /// Scalars that JSON output never carries raw: controls, line separators, every format character.
    static func isEscapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x1F where scalar != "\n": return true
        case 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// Scalars that plain-text output (through `InertText`) never carries raw: controls, line
    /// separators and the bidi controls. Zero-width format characters such as U+200B or a ZWJ
    /// draw nothing and move nothing, so the sanitiser keeps them (emoji sequences need the ZWJ).
    static func isTerminalActive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2060...0x206F, 0x200B...0x200D, 0xFEFF, 0xE0000...0xE007F: return false
        default: return isEscapedInJSON(scalar)
        }
    }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "json-output")
    }

    override func tearDown() {
        directory = nil
    }

    private func member(_ name: String) throws -> TteokUser {
        try TteokUser.signedUpMember(name, in: directory, store: store)
    }

    private func assertNoRawControls(_ output: String, _ what: String, line: UInt = #line) {
        let json = what.contains("--json")
        let raw = output.unicodeScalars.filter(json ? Self.isEscapedInJSON : Self.isTerminalActive)
        XCTAssertTrue(raw.isEmpty, "\(what) printed raw: \(raw.map { String($0.value, radix: 16) })", line: line)
    }

    func testReadJSONEscapesEveryTerminalControlAndRoundTrips() throws {
        let mallory = try member("mallory")
        XCTAssertEqual(try mallory.run(["post", "lobby", Self.hostile]).status, 0)
        let reader = try member("mina")

        let result = try reader.run(["read", "lobby", "--json"])
        XCTAssertEqual(result.status, 0, "\(result)")
        assertNoRawControls(result.stdout, "read --json")
        XCTAssertTrue(result.stdout.contains("\\u009b31mCSI"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\\udb40\\udc01tag"), "a scalar above U+FFFF is a surrogate pair: \(result.stdout)")
        let messages = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(messages.last?["text"] as? String, Self.hostile, "the parsed JSON is the original text")
    }

    func testPostJSONAndPlainReadAndChannelsPrintNoRawControls() throws {
        let mallory = try member("mallory")
        let posted = try mallory.run(["post", "lobby", Self.hostile, "--json"])
        XCTAssertEqual(posted.status, 0, "\(posted)")
        assertNoRawControls(posted.stdout, "post --json")
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(posted.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.first?["text"] as? String, Self.hostile)

        try StoreTampering(path: store).insertChannels(0..<1, name: { _ in "chan " + Self.hostile })
        for arguments in [["read", "lobby"], ["channels"], ["channels", "--json"], ["whoami", "--json"]] {
            let result = try mallory.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result)")
            assertNoRawControls(result.stdout, arguments.joined(separator: " "))
        }
        let channels = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try mallory.run(["channels", "--json"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(channels.contains { $0["name"] as? String == "chan " + Self.hostile }, "\(channels)")
    }
}
