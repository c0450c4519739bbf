@testable import TUI
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

    func testInAChatPrintableKeysTypeExceptForTheLettersOfSelectionMode() {
        for key in [Key.character("q"), .character("b"), .character("떡"), .paste("hi")] {
            XCTAssertEqual(KeyMap.intent(for: key, in: .reading), .edit(key), "after Esc, \(key) still types")
        }
        XCTAssertEqual(KeyMap.intent(for: .up, in: .reading), .selectMessages)
        XCTAssertEqual(KeyMap.intent(for: .character("b"), in: .selecting), .block)
        XCTAssertEqual(KeyMap.intent(for: .character("r"), in: .selecting), .report)
        XCTAssertNil(KeyMap.intent(for: .character("z"), in: .selecting), "an unbound letter does nothing")
        XCTAssertEqual(KeyMap.intent(for: .escape, in: .selecting), .leave)
    }

    /// Issue 17: the relation keys of selection mode, and ↑ in the chat's input. Reply and edit
    /// move the keys to the input, so they are keys no typed word contains (Enter, Ctrl-E); `+`
    /// and `d` only open a choice or a question that starts on Cancel.
    func testRelationKeysAreKeysNoTypedWordContains() {
        XCTAssertEqual(KeyMap.intent(for: .enter, in: .selecting), .reply)
        XCTAssertEqual(KeyMap.intent(for: .control("e"), in: .selecting), .editPicked)
        XCTAssertEqual(KeyMap.intent(for: .character("+"), in: .selecting), .react)
        XCTAssertEqual(KeyMap.intent(for: .character("d"), in: .selecting), .delete)
        XCTAssertEqual(KeyMap.intent(for: .delete, in: .selecting), .delete)
        XCTAssertNil(KeyMap.intent(for: .character("e"), in: .selecting), "a typed e edits nothing")
        for binding in KeyMap.selecting where [.reply, .editPicked].contains(binding.intent) {
            XCTAssertFalse(binding.keys.contains { $0.isText }, "\(binding) is entered by a key a word could contain")
        }
        XCTAssertEqual(KeyMap.intent(for: .up, in: .chatInput), .editLast)
        XCTAssertEqual(KeyMap.intent(for: .character("e"), in: .chatInput), .edit(.character("e")))
        XCTAssertEqual(KeyMap.intent(for: .control("p"), in: .chatInput), .edit(.control("p")), "history stays on Ctrl-P")
        XCTAssertEqual(KeyMap.intent(for: .up, in: .typing), .edit(.up), "other text fields keep ↑ as it was")
        XCTAssertEqual(KeyMap.hints(for: .chatInput, UIStrings(.english)), "Enter send · Tab complete · ↑ edit last · PgUp older · Esc leave input")
    }

    /// The chat's input folds in Tab completion (issue 19): Tab and Shift-Tab complete there and
    /// only there; after Esc they move between panes again, and no other text field completes.
    func testTabCompletesInTheChatInputAndMovesPanesElsewhere() {
        XCTAssertEqual(KeyMap.intent(for: .tab, in: .chatInput), .complete(forward: true))
        XCTAssertEqual(KeyMap.intent(for: .backTab, in: .chatInput), .complete(forward: false))
        XCTAssertEqual(KeyMap.intent(for: .tab, in: .reading), .nextPane)
        XCTAssertEqual(KeyMap.intent(for: .backTab, in: .sidebar), .previousPane)
        XCTAssertEqual(KeyMap.intent(for: .tab, in: .typing), .nextPane)
    }

    /// A question or an alert reads only its own table: no letter, and no global key, answers it.
    func testAQuestionAndAnAlertTakeOnlyTheirOwnKeys() {
        for key in [Key.character("y"), .character("q"), .character("b"), .control("k"), .pageUp, .up] {
            XCTAssertNil(KeyMap.intent(for: key, in: .question), "\(key)")
            XCTAssertNil(KeyMap.intent(for: key, in: .alert), "\(key)")
        }
        XCTAssertEqual(KeyMap.intent(for: .right, in: .question), .nextChoice)
        XCTAssertEqual(KeyMap.intent(for: .tab, in: .question), .nextChoice)
        XCTAssertEqual(KeyMap.intent(for: .enter, in: .question), .submit)
        XCTAssertEqual(KeyMap.intent(for: .escape, in: .question), .leave)
        XCTAssertEqual(KeyMap.intent(for: .enter, in: .alert), .leave)
    }

    /// The status line's hints are made from the tables: each key named there does what it says.
    func testTheHintsNameOnlyKeysBoundInTheirContext() {
        let strings = UIStrings(.english)
        XCTAssertEqual(KeyMap.hints(for: .selecting, strings),
                       "selecting: ↑/↓ pick · Enter/Ctrl-E/+/d reply/edit/react/delete · r/b report/block · o/s open/save · t resend · Esc done")
        XCTAssertEqual(KeyMap.hints(for: .question, strings), "←/→ choose · Enter take it · Esc cancel")
        for context in KeyContext.allCases {
            let hinted = (KeyMap.table(context) + KeyMap.everywhere).filter(\.hint)
            for binding in hinted where KeyMap.table(context).contains(binding) || KeyMap.takesGlobalKeys(context) {
                XCTAssertEqual(KeyMap.intent(for: binding.keys[0], in: context), binding.intent, "\(context) \(binding)")
            }
        }
    }

    func testDoubleSlashSendsALineStartingWithASlash() {
        XCTAssertFalse(CommandRegistry.isCommand("//shrug"))
        XCTAssertEqual(CommandRegistry.messageText("//shrug"), "/shrug")
        XCTAssertEqual(CommandRegistry.messageText("plain"), "plain")
        XCTAssertTrue(CommandRegistry.isCommand(" /unblock 준호"))
        XCTAssertEqual(try CommandRegistry.parse("/unblock 준호").get(), .unblock("준호"))
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
