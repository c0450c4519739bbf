import Foundation
import TestSupport
import XCTest
@testable import MatrixCrypto

/// Canonical JSON as the specification's appendix defines it; the examples are the spec's own.
final class CanonicalJSONTests: XCTestCase {
    private func canonical(_ text: String) throws -> String {
        try CanonicalJSON.string(try CryptoJSON(parsing: Data(text.utf8)))
    }

    func testTheSpecificationsExamples() throws {
        XCTAssertEqual(try canonical("{}"), "{}")
        XCTAssertEqual(try canonical(#"{"one": 1, "two": "Two"}"#), #"{"one":1,"two":"Two"}"#)
        XCTAssertEqual(try canonical(#"{"b": "2", "a": "1"}"#), #"{"a":"1","b":"2"}"#)
        XCTAssertEqual(try canonical(#"{"auth":{"success":true,"mxid":"@john.doe:example.com","profile":{"display_name":"John Doe","three_pids":[{"medium":"email","address":"john.doe@example.org"},{"medium":"msisdn","address":"123456789"}]}}}"#),
                       #"{"auth":{"mxid":"@john.doe:example.com","profile":{"display_name":"John Doe","three_pids":[{"address":"john.doe@example.org","medium":"email"},{"address":"123456789","medium":"msisdn"}]},"success":true}}"#)
        XCTAssertEqual(try canonical(#"{"a": "日本語"}"#), #"{"a":"日本語"}"#)
        XCTAssertEqual(try canonical(#"{"本": 2, "日": 1}"#), #"{"日":1,"本":2}"#)
        XCTAssertEqual(try canonical(#"{"a": "\u65E5"}"#), #"{"a":"日"}"#)
        XCTAssertEqual(try canonical(#"{"a": null}"#), #"{"a":null}"#)
        XCTAssertEqual(try canonical(#"{"a": -0, "b": 1e10}"#), #"{"a":0,"b":10000000000}"#)
    }

    func testOnlyTheRequiredEscapes() throws {
        XCTAssertEqual(try canonical(#"["\u0000\u001f\b\f\n\r\t\"\\/\u007f é 😀"]"#), "[\"\\u0000\\u001f\\b\\f\\n\\r\\t\\\"\\\\/\u{7f} é 😀\"]")
    }

    /// Keys sort by code point: U+FF61 before U+1F600, though UTF-16 (and a naive sort) puts the
    /// emoji's surrogates first.
    func testKeysSortByCodePoint() throws {
        XCTAssertEqual(try canonical(#"{"😀": 1, "｡": 2, "Z": 3, "a": 4}"#), #"{"Z":3,"a":4,"｡":2,"😀":1}"#)
    }

    func testNumbersOutsideCanonicalJSONAreRefused() {
        XCTAssertThrowsError(try canonical(#"{"a": 1.5}"#))
        XCTAssertThrowsError(try canonical(#"{"a": 9007199254740992}"#))
        XCTAssertEqual(try canonical(#"{"a": 9007199254740991}"#), #"{"a":9007199254740991}"#)
    }

    func testSignedBytesLeaveOutSignaturesAndUnsigned() throws {
        let object = try CryptoJSON(parsing: Data(#"{"b":1,"signatures":{"x":{}},"unsigned":{"age":3},"a":[true,false]}"#.utf8))
        XCTAssertEqual(String(decoding: try SignedJSON.signedBytes(object), as: UTF8.self), #"{"a":[true,false],"b":1}"#)
    }

    /// Random values (every kind, control characters, quotes, backslashes, characters of every
    /// UTF-8 length): the text reads back as the same value, is its own canonical form, has no
    /// whitespace outside strings, and its keys come in code-point order.
    func testRandomValuesReadBackAndAreCanonical() throws {
        var random = SeededGenerator(seed: 53)
        for _ in 0..<3_000 {
            let value = random.cryptoJSON(canonical: true)
            let bytes = try CanonicalJSON.data(value)
            let read = try CryptoJSON(parsing: bytes)
            XCTAssertEqual(read, value, "seed \(random.seed): \(String(decoding: bytes, as: UTF8.self))")
            XCTAssertEqual(try CanonicalJSON.data(read), bytes)
            try assertKeysInOrder(value, bytes)
        }
    }

    /// An object's text is its members' texts in code-point order of their keys (UTF-8 bytes
    /// sort as code points do), at every level.
    private func assertKeysInOrder(_ value: CryptoJSON, _ bytes: Data) throws {
        switch value {
        case .object(let members):
            let keys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            var parts: [String] = []
            for key in keys {
                let member = members[key] ?? .null
                parts.append(try CanonicalJSON.string(.string(key)) + ":" + CanonicalJSON.string(member))
                try assertKeysInOrder(member, CanonicalJSON.data(member))
            }
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "{" + parts.joined(separator: ",") + "}")
        case .array(let items):
            for item in items { try assertKeysInOrder(item, CanonicalJSON.data(item)) }
        default:
            break
        }
    }
}
