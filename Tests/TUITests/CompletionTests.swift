import ChatCore
import TUI
import ViewModels
import XCTest

/// Tab completion as WeeChat and senpai cycle it: people (speakers first, `: ` at the start of a
/// line), commands, their arguments, emoji — forward and back, wrapping.
final class CompletionTests: XCTestCase {
    private let words = CompletionWords(
        speakers: ["Mina", "mark"],
        members: NameIndex(["Mina", "mark", "Marta", "민수", "Bob"]),
        channels: NameIndex(["마포구", "맛집", "lobby"]),
        themes: ["orange", "dark"])

    private func cycle(_ text: String, cursor: Int? = nil, steps: Int) -> [String] {
        guard var completion = Completion.begin(text: text, cursor: cursor ?? text.count, words: words) else { return [] }
        var seen = [completion.current]
        for _ in 0..<steps {
            completion.step(forward: true)
            seen.append(completion.current)
        }
        return seen
    }

    func testANicknameAtTheStartOfALineGetsAColonAndCyclesSpeakersFirst() {
        XCTAssertEqual(cycle("m", steps: 3), ["Mina: ", "mark: ", "Marta: ", "Mina: "], "speakers newest first, then members; wraps")
        XCTAssertEqual(cycle("hi ma", steps: 1), ["mark ", "Marta "], "inside a line: a space")
        XCTAssertEqual(cycle("@mi", steps: 0), ["@Mina: "], "the @ typed is kept")
        XCTAssertEqual(cycle("ㅁㅅ", steps: 0), ["민수: "], "Hangul initial consonants")
        XCTAssertEqual(cycle("", steps: 1), ["Mina: ", "mark: "], "an empty line offers who spoke last")
        XCTAssertNil(Completion.begin(text: "zz", cursor: 2, words: words))
    }

    func testShiftTabGoesBack() throws {
        var completion = try XCTUnwrap(Completion.begin(text: "m", cursor: 1, words: words))
        completion.step(forward: false)
        XCTAssertEqual(completion.current, "Marta: ")
        completion.step(forward: false)
        XCTAssertEqual(completion.current, "mark: ")
    }

    func testCommandsAndTheirArguments() {
        XCTAssertEqual(cycle("/jo", steps: 0), ["/join "])
        XCTAssertEqual(cycle("/join ㅁ", steps: 1), ["맛집 ", "마포구 "], "channels for /join, by their initials")
        XCTAssertEqual(cycle("/dm b", steps: 0), ["Bob "], "members for /dm")
        XCTAssertEqual(cycle("/theme d", steps: 0), ["dark "])
        XCTAssertEqual(cycle("/notify m", steps: 1), ["mentions ", "mute "])
        XCTAssertEqual(cycle("//jo", steps: 0), [], "// sends a message: no command")
        XCTAssertEqual(cycle("/nick ma", steps: 0), [], "/nick takes free text")
    }

    func testEmojiShortcodes() {
        XCTAssertEqual(cycle("yum :tteok", steps: 2), ["🍡", "🍢", "🍡"])
        XCTAssertEqual(cycle(":", steps: 0), [], "a colon alone is no shortcode")
    }

    func testTheWordBeforeTheCursorIsReplacedInTheLineEachStep() throws {
        var editor = LineEditor(text: "hi ma and more")
        for _ in 0..<9 { _ = editor.handle(.left) }
        var completion = try XCTUnwrap(Completion.begin(text: editor.text, cursor: editor.cursor, words: words))
        XCTAssertEqual(completion.start, 3)
        completion.apply(to: &editor)
        XCTAssertEqual(editor.text, "hi mark  and more")
        XCTAssertEqual(editor.cursor, 8)
        completion.step(forward: true)
        completion.apply(to: &editor)
        XCTAssertEqual(editor.text, "hi Marta  and more")
        XCTAssertEqual(editor.cursor, 9)
    }

    /// Names are strangers' text: Tab never types a control character, an escape sequence or a
    /// bidi override into the input, nor more than `NameIndex.longestName` characters of a name.
    func testHostileNamesAreMadeInertAndCutBeforeTabTypesThem() throws {
        let hostile = ["Eve\u{1B}]0;pwned\u{07}", "Evan\u{202E}gnp.exe", String(repeating: "E", count: 70_000), ""]
        let index = NameIndex(hostile)
        XCTAssertEqual(index.count, 3, "an empty name is none")
        let offered = index.names(startingWith: "Ev")
        XCTAssertEqual(offered, ["Evan<RLO>gnp.exe", "Eve^[]0;pwned^G"])
        XCTAssertEqual(index.names(startingWith: "EE").map(\.count), [NameIndex.longestName])
        XCTAssertTrue(index.contains(hostile[0]), "a name is found as it arrives")
        let words = CompletionWords(members: index)
        let completion = try XCTUnwrap(Completion.begin(text: "hi ev", cursor: 5, words: words))
        XCTAssertFalse(completion.candidates.joined().unicodeScalars.contains { $0.value < 0x20 || (0x202A...0x202E).contains($0.value) },
                       "\(completion.candidates)")
    }
}
