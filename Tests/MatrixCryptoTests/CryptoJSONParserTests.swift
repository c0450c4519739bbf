import Foundation
import TestSupport
import XCTest
@testable import MatrixCrypto

/// The hand-written JSON parser reads what `JSONDecoder` read, the same way, and refuses hostile
/// or malformed text (a server's, or a sender's plaintext) with the offset and the reason —
/// never a crash, never a deep recursion.
final class CryptoJSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> CryptoJSON { try CryptoJSON(parsing: Data(text.utf8)) }

    /// What the Codable path (the parser before this one) made of the same text.
    private func decoded(_ data: Data) throws -> CryptoJSON { try JSONDecoder().decode(CryptoJSON.self, from: data) }

    private func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try CryptoJSON(parsing: Data(bytes))
            XCTFail("accepted \(String(decoding: bytes.prefix(60), as: UTF8.self)) as \(value)", file: file, line: line)
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            XCTFail("not a JSONSyntaxError: \(error)", file: file, line: line)
            return nil
        }
    }

    func testEventsReadAsJSONDecoderReadThem() throws {
        let texts = [
            #"{"type":"m.room.message","room_id":"!a:b","content":{"msgtype":"m.text","body":"떡볶이 😀 \"quoted\" \\ \/ \n\t\u0000\u00e9\ud83d\ude00"}}"#,
            #"{"algorithm":"m.megolm.v1.aes-sha2","sender_key":"abc","ciphertext":"AwgA+/=","session_id":"x","device_id":"D"}"#,
            #"  [1, -2, 0, -0, 1.5, -0.25, 1e3, 2E-2, 9223372036854775807, -9223372036854775808, 9223372036854775808, 1e300, true, false, null, [], {}, [[[]]], ""]  "#,
            #"{"a":{"b":{"c":[{"d":null}]}},"e":"\u001f","f":"\/"}"#,
            "\"\u{10FFFF}\u{FEFF}\u{7F}\"",
        ]
        for text in texts {
            XCTAssertEqual(try parse(text), try decoded(Data(text.utf8)), text)
        }
    }

    /// Random values through `JSONEncoder` come back equal: every scalar (controls, surrogate
    /// pairs' worth, U+0000), nesting, integers at both ends of Int64, fractions.
    func testRandomValuesRoundTrip() throws {
        var random = SeededGenerator(seed: 18)
        for _ in 0..<400 {
            let value = random.cryptoJSON()
            let text = try JSONEncoder().encode(value)
            XCTAssertEqual(try CryptoJSON(parsing: text), value, String(decoding: text, as: UTF8.self))
        }
    }

    func testMalformedTextIsRefusedWithWhereAndWhy() {
        let cases: [(text: String, offset: Int, reason: String)] = [
            ("", 0, "ends where a value should be"), ("   ", 3, "ends where a value should be"),
            ("{", 1, "an object key must be a string"), ("[1,]", 3, "unexpected character"), ("[1 2]", 3, "expected ',' or ']'"),
            (#"{"a" 1}"#, 5, "expected ':'"), (#"{"a":1,}"#, 7, "an object key must be a string"), (#"{a:1}"#, 1, "must be a string"),
            ("01", 1, "must not start with 0"), ("1.", 2, "a fraction needs a digit"), ("-", 1, "needs a digit"), ("1e", 2, "an exponent needs a digit"),
            ("+1", 0, "unexpected character"), ("NaN", 0, "unexpected character"), ("Infinity", 0, "unexpected character"),
            ("1e999", 0, "out of range"), ("tru", 0, "unexpected word"), ("nul", 0, "unexpected word"), ("truex", 4, "more text after"),
            ("{} x", 3, "more text after"), ("'a'", 0, "unexpected character"), ("[1] // note", 4, "more text after"),
            (#""abc"#, 4, "not closed"), (#""\x""#, 2, "unknown escape"), (#""\u12""#, 5, "four hex digits"), (#""\"#, 2, "not closed"),
            (#""\ud800""#, 7, "lone UTF-16 surrogate"), (#""\udc00""#, 7, "lone UTF-16 surrogate"), (#""\ud800\u0041""#, 13, "lone UTF-16 surrogate"),
            ("\"a\u{1}b\"", 2, "control character"), ("\"tab\there\"", 4, "control character"),
            (#"{"a":1,"a":2}"#, 7, #"the key "a" twice"#),
        ]
        for (text, offset, reason) in cases {
            guard let error = refusal(Array(text.utf8)) else { continue }
            XCTAssertEqual(error.offset, offset, text)
            XCTAssertTrue(error.description.contains(reason), "\(text): \(error)")
        }
    }

    func testInvalidUTF8IsRefused() {
        // A bare continuation byte, an overlong '/', a UTF-16 surrogate in UTF-8, a truncated sequence, beyond U+10FFFF.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE6, 0x97], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            XCTAssertTrue(refusal([0x22] + bad + [0x22])?.reason.contains("not valid UTF-8") == true, "\(bad)")
            XCTAssertTrue(refusal([0x22, 0x5C, 0x6E] + bad + [0x22])?.reason.contains("not valid UTF-8") == true, "after an escape: \(bad)")
        }
    }

    /// Deep nesting stops at the limit, without recursing further: a stack overflow would end
    /// the process, not fail the test.
    func testDeepNestingStopsAtTheLimit() throws {
        let limit = CryptoJSONParser.maximumDepth
        XCTAssertNoThrow(try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)))
        XCTAssertEqual(refusal(Array((String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)).utf8))?.offset, limit)
        let hostile = String(repeating: #"{"a":["#, count: 200_000)
        XCTAssertTrue(refusal(Array(hostile.utf8))?.reason.contains("nested deeper than \(limit)") == true)
    }

    func testHugeStringsAndArraysParse() throws {
        let body = String(repeating: "떡", count: 2_000_000)
        XCTAssertEqual(try parse(#"{"body":""# + body + #""}"#)["body"]?.string?.count, body.count)
        let escaped = String(repeating: #"\u00e9\n"#, count: 200_000)
        XCTAssertEqual(try parse(#"""# + escaped + #"""#).string?.count, 400_000)
        guard case .array(let items) = try parse("[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]") else { return XCTFail() }
        XCTAssertEqual(items.count, 300_000)
    }

    /// Valid events with bytes changed, cut or repeated at random: each either parses to a value
    /// that survives a round trip or is refused with a `JSONSyntaxError` inside the text.
    func testMutatedEventsFailSafely() throws {
        let seed = Array(#"{"type":"m.room.message","content":{"body":"h\u00e9llo \"x\" 떡","n":[1,-2.5e3,true,null,{}]},"room_id":"!r"}"#.utf8)
        var random = SeededGenerator(seed: 7)
        var refused = 0
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0...random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + random.below(8)))
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.below(8))], at: at)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            do {
                let value = try CryptoJSON(parsing: Data(bytes))
                XCTAssertEqual(try CryptoJSON(parsing: JSONEncoder().encode(value)), value)
            } catch let error as JSONSyntaxError {
                refused += 1
                XCTAssertTrue((0...bytes.count).contains(error.offset), "\(error)")
            }
        }
        XCTAssertGreaterThan(refused, 10_000, "the mutations mostly break the text")
    }
}
