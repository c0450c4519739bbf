import TestSupport
import XCTest
@testable import ChatCore

/// The word filter's cheap first look (`WordOpenings`) may only clear a text the full match
/// finds nothing in; it must clear ordinary chat text, or it saves nothing.
final class WordOpeningsTests: XCTestCase {
    let shipped = WordFilter.standard()
    let custom = WordFilter(words: ["fuck", "ass", "시발", "ㅅㅂ", "병신", "x", "ab"])

    func testOrdinaryTextIsClearedWithoutTheFullMatch() {
        for text in ["cpu 7 떡볶이 먹으러 갈 사람?", "history 12 떡볶이 먹으러 갈 사람?", "there are more of them here",
                     "안녕하세요 오늘 날씨 좋네요", "ok ㅋㅋㅋ", ""] {
            XCTAssertFalse(shipped.mayMatch(text), text)
            XCTAssertEqual(shipped.mask(text), text)
        }
    }

    func testListedWordsAreNotCleared() {
        for text in ["oh FUCK", "sh1t", "$hit", "f.u.c.k", "이런 시발", "ㅅㅂ", "ㅅ ㅂ", "씨 발", "좆", "fag"] {
            XCTAssertTrue(shipped.mayMatch(text), text)
            XCTAssertNotEqual(shipped.mask(text), text, text)
        }
        XCTAssertTrue(custom.mayMatch("a x b"), "a one-letter word")
        XCTAssertTrue(custom.mayMatch("a b"), "a two-letter word")
    }

    func testScalarsItDoesNotReadGoToTheFullMatch() {
        // Full-width letters, a combining mark, an emoji, conjoining jamo: only the full match
        // folds these, so the look must not clear them.
        for text in ["ｆｕｃｋ", "fu\u{0301}ck", "👍 ok", "\u{1109}\u{1175}\u{1107}\u{1161}\u{11AF}"] {
            XCTAssertTrue(shipped.mayMatch(text), text)
        }
        XCTAssertEqual(shipped.mask("ｆｕｃｋ"), "****")
        XCTAssertEqual(shipped.mask("\u{1109}\u{1175}\u{1107}\u{1161}\u{11AF}"), "**")
    }

    /// Random texts from letters, look-alikes, punctuation, syllables and jamo of listed words:
    /// whenever the look clears one, the full match finds nothing in it.
    func testNeverClearsAMatch() {
        let alphabet = Array("abcdfghiklnoprstuwFUCKSHIT013457@$! .,-_시발씨빨팔병신새끼개좆존나졸라지랄미친놈년염병썅니닥쳐엿먹어꺼져걸레창녀ㅅㅂㅆㅈㄴㄹ떡볶이")
        var generator = SeededGenerator(seed: 16)
        var cleared = 0
        var matched = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 8) + 1
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for filter in [shipped, custom] {
                let full = filter.matchesFully(text)
                if full { matched += 1 }
                if !filter.mayMatch(text) {
                    cleared += 1
                    XCTAssertFalse(full, "cleared a text holding a word: \(text)")
                }
                XCTAssertEqual(filter.matches(text), full, text)
            }
        }
        // Both outcomes happen often, so the property is tested on both sides.
        XCTAssertGreaterThan(cleared, 1000)
        XCTAssertGreaterThan(matched, 1000)
    }

    func testMaskingCharactersAgreesWithMaskingText() {
        for text in ["cpu 1 떡볶이", "oh fuck", "병 신", "ass-ignment", "classic"] {
            XCTAssertEqual(String(custom.mask(Array(text))), custom.mask(text), text)
        }
    }
}
