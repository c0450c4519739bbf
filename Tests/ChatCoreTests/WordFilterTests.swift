import XCTest
@testable import ChatCore

final class WordFilterTests: XCTestCase {
    let filter = WordFilter(words: ["fuck", "shit", "ass", "시발", "ㅅㅂ", "병신"])

    func testPlainWordIsMasked() {
        XCTAssertEqual(filter.mask("oh fuck this"), "oh **** this")
        XCTAssertEqual(filter.mask("이런 시발 진짜"), "이런 ** 진짜")
    }

    func testCaseAndFullWidthAndLookalikes() {
        XCTAssertEqual(filter.mask("FUCK"), "****")
        XCTAssertEqual(filter.mask("ｆｕｃｋ"), "****")
        XCTAssertEqual(filter.mask("sh1t"), "****")
        XCTAssertEqual(filter.mask("$hit"), "****")
    }

    func testSpacingTricks() {
        XCTAssertEqual(filter.mask("f u c k you"), "* * * * you")
        XCTAssertEqual(filter.mask("f.u.c.k"), "*******")
        XCTAssertEqual(filter.mask("시 발"), "* *")
    }

    func testHangulJamoSplitting() {
        XCTAssertEqual(filter.mask("ㅅㅣㅂㅏㄹ"), "*****")
        XCTAssertEqual(filter.mask("시ㅂㅏㄹ"), "****")
        // Conjoining jamo (as typed by some input methods) compose to the same letters.
        XCTAssertEqual(filter.mask("\u{1109}\u{1175}\u{1107}\u{1161}\u{11AF}"), "**")
        XCTAssertEqual(filter.mask("ㅅㅂ 뭐야"), "** 뭐야")
    }

    func testWordsInsideWordsAreLeftAlone() {
        XCTAssertEqual(filter.mask("a classic assessment"), "a classic assessment")
        XCTAssertEqual(filter.mask("push it"), "push it")
        XCTAssertEqual(filter.mask("this hit"), "this hit")
        XCTAssertEqual(filter.mask("you ass"), "you ***")
    }

    func testHangulMatchMustCoverWholeSyllables() {
        // 갓비: the ㅅ is the final of 갓, so ㅅㅂ does not start a syllable here.
        XCTAssertEqual(filter.mask("갓비"), "갓비")
        XCTAssertEqual(filter.mask("병신같은"), "**같은")
    }

    func testCleanTextIsUnchanged() {
        let text = "떡볶이 맛집 추천해주세요! 👍🏽 Great tteokbokki."
        XCTAssertEqual(filter.mask(text), text)
        XCTAssertFalse(filter.matches(text))
    }

    func testUserListAddsAndRemoves() {
        var words: Set<String> = ["fuck", "damn"]
        WordFilter.apply(userList: "# mine\n+heck\n-damn\nfrick\n", to: &words)
        XCTAssertEqual(words, ["fuck", "heck", "frick"])
        let filter = WordFilter(words: words)
        XCTAssertEqual(filter.mask("damn heck"), "damn ****")
    }

    func testStandardListLoadsUserFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("filter.txt")
        try "떡볶이\n-shit\n".write(to: file, atomically: true, encoding: .utf8)
        let filter = WordFilter.standard(userFile: file)
        XCTAssertEqual(filter.mask("떡볶이 shit 씨발"), "*** shit **")
    }

    func testHugeInputIsHandled() {
        let text = String(repeating: "a fuck b ", count: 20_000)
        let masked = filter.mask(text)
        XCTAssertEqual(masked.count, text.count)
        XCTAssertFalse(masked.contains("fuck"))
    }
}

/// The skeleton's fast paths (ASCII, precomposed Hangul) give exactly what the general rule
/// gives; they exist because normalising every character through Foundation made masking most of
/// a frame's cost (tteok-bench: a keystroke redrew in 3.5 ms).
final class SkeletonFastPathTests: XCTestCase {
    func testASCIIAndHangulSyllablesMatchTheGeneralRule() {
        let ascii = (0x20...0x7E).compactMap(Unicode.Scalar.init).map(Character.init)
        let syllables = (0xAC00...0xD7A3).compactMap(Unicode.Scalar.init).map(Character.init)
        for character in ascii + syllables where Skeleton.lookalikes[character] == nil {
            XCTAssertEqual(Skeleton.letters(of: character), Skeleton.normalisedLetters(of: character), "\(character)")
        }
    }
}
