import ChatCore
import Foundation
import XCTest

/// `Normalization` replaces Foundation's `precomposedString…` (so the binary links no ICU data):
/// held against Foundation itself, which this test target still links, on every scalar of the
/// Unicode version the generated table was made from, and on sequences that compose.
final class NormalizationTests: XCTestCase {
    /// Python's unicodedata made DecompositionTable.swift (scripts/gen-decomposition-table.py).
    static let tableVersion = (major: 14, minor: 0)

    private static var scalars: [Unicode.Scalar] {
        (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            guard let age = scalar.properties.age else { return false }
            return (age.major, age.minor) <= (tableVersion.major, tableVersion.minor)
        }
    }

    func testEveryScalarComposesAsFoundationComposesIt() {
        var differences: [String] = []
        for scalar in Self.scalars {
            let text = String(scalar)
            if Normalization.nfkc(text) != text.precomposedStringWithCompatibilityMapping { differences.append("NFKC U+\(String(scalar.value, radix: 16))") }
            if Normalization.nfc(text) != text.precomposedStringWithCanonicalMapping { differences.append("NFC U+\(String(scalar.value, radix: 16))") }
        }
        XCTAssertEqual(differences, [], "\(differences.count) scalars differ")
    }

    func testSequencesComposeAsFoundationComposesThem() {
        let texts = ["e\u{301}", "E\u{301}\u{323}", "ｆｕｌｌ　ｗｉｄｔｈ", "ﬁ", "①②", "Å", "A\u{30A}", "ᄀ\u{1161}\u{11A8}", "가\u{11A8}", "Ｇ\u{301}",
                     "ǅ", "㎏", "x\u{323}\u{307}", "x\u{307}\u{323}", "ﾊﾟ", "ｶﾞ", "😀\u{FE0F}", "ḱ\u{301}", "\u{0344}", "ℌ𝔢𝔩𝔩𝔬"]
        for text in texts {
            XCTAssertEqual(Normalization.nfkc(text), text.precomposedStringWithCompatibilityMapping, text)
            XCTAssertEqual(Normalization.nfc(text), text.precomposedStringWithCanonicalMapping, text)
        }
    }

    func testSearchKeysIgnoreCaseAndDiacriticsAsFoundationsSearchDoes() {
        for (text, query) in [("Café", "cafe"), ("CAFE\u{301}", "café"), ("Ünïcödé", "unicode"), ("맛집", "맛집"), ("Straße", "strasse")] {
            let found = text.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            let keys = text.map(Normalization.searchKey).joined() == query.map(Normalization.searchKey).joined()
            XCTAssertEqual(keys, found, "\(text) ~ \(query)")
        }
    }
}
