import XCTest
@testable import Storage

/// The terms the full-text index stores and the expressions queries become.
final class SearchTermsTests: XCTestCase {
    func testWordsBecomeOverlappingBigramsAndTheirLastCharacter() {
        XCTAssertEqual(SearchTerms.indexText("떡볶이, Hello! 떡"), "떡볶 볶이 이 he el ll lo o 떡")
        XCTAssertEqual(SearchTerms.indexText(" … :) "), "")
    }

    func testQueriesBecomePrefixTermOrPhraseAndNothingElse() {
        XCTAssertEqual(SearchTerms.matchExpression("떡"), "\"떡\"*")
        XCTAssertEqual(SearchTerms.matchExpression("맛집"), "\"맛집\"")
        XCTAssertEqual(SearchTerms.matchExpression("떡볶이 ELL"), "\"떡볶 볶이\" AND \"el ll\"")
        XCTAssertEqual(SearchTerms.matchExpression("\"a\" OR NEAR(b*"), "\"a\"* AND \"or\" AND \"ne ea ar\" AND \"b\"*")
        XCTAssertNil(SearchTerms.matchExpression("?! *"))
    }

    /// The SQL function the triggers call is on every connection, NULL-safe.
    func testTheSQLFunctionIsRegisteredOnEveryConnection() throws {
        let connection = try Connection(path: ":memory:")
        XCTAssertEqual(try connection.scalar("SELECT search_terms('맛집을')"), .text("맛집 집을 을"))
        XCTAssertEqual(try connection.scalar("SELECT search_terms(NULL)"), .null)
        XCTAssertEqual(try connection.scalar("SELECT search_terms(42)"), .text("42 2"))
    }

    /// The byte-by-byte path for ASCII bodies gives exactly the text the general path gives (the
    /// index must not depend on which path cut a body): fixed cases, then random ASCII lines
    /// built from letters of both cases, digits, punctuation, spaces and control bytes.
    func testTheASCIIPathCutsExactlyAsTheGeneralPath() {
        let fixed = ["", " ", "a", "A", "ab", "Hello, World!", "burst-k3x9-123", "  x  ", "9", "a\r\nb", "tab\there",
                     "UPPER lower 42", "--", "a.b.c", "\u{7F}del", "x\0y", "LASTOFBURSTQWERTY"]
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ019 .-_,!\t\r\n\u{1}~@[`{".unicodeScalars)
        let random = (0..<2_000).map { _ in
            String(String.UnicodeScalarView((0..<Int.random(in: 0...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }))
        }
        for text in fixed + random {
            XCTAssertEqual(SearchTerms.asciiIndexText(text), SearchTerms.anyIndexText(text), "for \(text.debugDescription)")
        }
        XCTAssertNil(SearchTerms.asciiIndexText("café"), "a non-ASCII body takes the general path")
        XCTAssertEqual(SearchTerms.indexText("Café au lait"), "ca af fé é au u la ai it t")
    }
}
