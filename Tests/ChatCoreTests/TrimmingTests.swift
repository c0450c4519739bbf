import ChatCore
import Foundation
import XCTest

/// `trimmingWhitespace()` and `trimmingWhitespaceAndNewlines()` replace Foundation's
/// `trimmingCharacters(in:)` (so the binary links no CoreFoundation or ICU): held against it on
/// every scalar at both ends and on mixed text.
final class TrimmingTests: XCTestCase {
    func testEveryScalarIsTrimmedExactlyWhenFoundationTrimsIt() {
        for scalar in (0...0x10FFFF).compactMap(Unicode.Scalar.init) where scalar.properties.generalCategory != .unassigned {
            let text = "\(scalar)a\(scalar)"
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testMixedTextAndSubstringsTrimAsFoundationDoes() {
        for text in ["", " ", "\t\n", " a b ", "\u{3000}맛집\u{00A0}", "\r\n x \r\n", "a", " \u{301}a", "a\u{2028}", "\u{85}a\u{85}"] {
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            XCTAssertEqual(text.trimmingWhitespaceAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            let sub = Substring(text)
            XCTAssertEqual(sub.trimmingWhitespaceAndNewlines(), sub.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
    }
}
