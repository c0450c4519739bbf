import Storage
import XCTest

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
}
