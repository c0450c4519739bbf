import TUI
import XCTest

final class KeyMapTests: XCTestCase {
    func testBrowsingKeysMoveOpenAndSwitchTabs() {
        XCTAssertEqual(KeyMap.intent(for: .character("j"), in: .browsing), .down)
        XCTAssertEqual(KeyMap.intent(for: .down, in: .browsing), .down)
        XCTAssertEqual(KeyMap.intent(for: .character("k"), in: .browsing), .up)
        XCTAssertEqual(KeyMap.intent(for: .enter, in: .browsing), .open)
        XCTAssertEqual(KeyMap.intent(for: .character("3"), in: .browsing), .selectTab(.direct))
        XCTAssertEqual(KeyMap.intent(for: .character("?"), in: .browsing), .help)
        XCTAssertEqual(KeyMap.intent(for: .character("/"), in: .browsing), .command)
        XCTAssertEqual(KeyMap.intent(for: .character("q"), in: .browsing), .quit)
        XCTAssertNil(KeyMap.intent(for: .character("z"), in: .browsing))
    }

    func testWhileTypingLettersAreTextAndEscLeaves() {
        XCTAssertEqual(KeyMap.intent(for: .character("q"), in: .typing), .edit(.character("q")))
        XCTAssertEqual(KeyMap.intent(for: .character("j"), in: .typing), .edit(.character("j")))
        XCTAssertEqual(KeyMap.intent(for: .enter, in: .typing), .submit)
        XCTAssertEqual(KeyMap.intent(for: .escape, in: .typing), .leave)
        XCTAssertEqual(KeyMap.intent(for: .control("w"), in: .typing), .edit(.control("w")))
    }

    func testCtrlKIsTheQuickSwitcherAndPagingWorksEverywhere() {
        for context in [KeyContext.browsing, .typing] {
            XCTAssertEqual(KeyMap.intent(for: .control("k"), in: context), .quickSwitcher)
            XCTAssertEqual(KeyMap.intent(for: .pageUp, in: context), .pageUp)
            XCTAssertEqual(KeyMap.intent(for: .tab, in: context), .nextPane)
        }
    }

    func testCommandsParseWithTheirArguments() {
        XCTAssertEqual(try CommandRegistry.parse("/join 마포구").get(), .join("마포구"))
        XCTAssertEqual(try CommandRegistry.parse("  /dm  Mina Kim ").get(), .dm("Mina Kim"))
        XCTAssertEqual(try CommandRegistry.parse("/NICK mina").get(), .nick("mina"))
        XCTAssertEqual(try CommandRegistry.parse("/theme").get(), .theme(nil))
        XCTAssertEqual(try CommandRegistry.parse("/theme dark").get(), .theme("dark"))
        XCTAssertEqual(try CommandRegistry.parse("/quit").get(), .quit)
    }

    func testUnknownCommandsAndMissingArgumentsSaySo() {
        XCTAssertEqual(CommandRegistry.parse("/frobnicate x"), .failure(.unknown("frobnicate")))
        XCTAssertEqual(CommandRegistry.parse("/join"), .failure(.missingArgument(usage: "/join NAME")))
        let strings = UIStrings(.english)
        XCTAssertEqual(strings.describe(.unknown("frobnicate")), "Unknown command /frobnicate. Type /help for the list.")
    }

    func testEveryCommandHasASummaryInBothLanguages() {
        for entry in CommandRegistry.entries {
            XCTAssertFalse(UIStrings(.english).summary(of: entry).isEmpty, entry.name)
            XCTAssertFalse(UIStrings(.korean).summary(of: entry).isEmpty, entry.name)
        }
    }
}
