import Foundation
import JSONScan
import TestSupport
import XCTest

/// The scanner reads what JSONDecoder reads, the same way, and refuses malformed or hostile text
/// with the offset and the reason — never a crash, never a recursion deeper than its limit.
final class JSONScannerTests: XCTestCase {
    /// Any JSON value, built by the scanner or by JSONDecoder, to compare the two.
    enum Value: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Value].self) { self = .array(value) }
            else { self = .object(try container.decode([String: Value].self)) }
        }

        /// `[[…[]…]]`, `depth` arrays deep.
        init(nested depth: Int) {
            self = .array([])
            for _ in 1..<depth { self = .array([self]) }
        }

        init(_ scanner: inout JSONScanner) throws(JSONScanError) {
            switch try scanner.kind() {
            case .null: _ = try scanner.null(); self = .null
            case .bool: self = .bool(try scanner.bool())
            case .number:
                guard let value = try scanner.double() else { throw scanner.unexpected("out of range") }
                self = .number(value)
            case .string: self = .string(try scanner.string())
            case .array:
                try scanner.enterArray()
                var items: [Value] = []
                while try scanner.nextElement() { items.append(try Value(&scanner)) }
                self = .array(items)
            case .object:
                try scanner.enterObject()
                var fields: [String: Value] = [:]
                while let key = try scanner.nextKey() { fields[key] = try Value(&scanner) }
                self = .object(fields)
            }
        }
    }

    private func scan(_ bytes: [UInt8], replacing: Bool = false) throws(JSONScanError) -> Value {
        let result: Result<Value, JSONScanError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, replacesLoneSurrogates: replacing)
            return Result { () throws(JSONScanError) in
                let value = try Value(&scanner)
                try scanner.end()
                return value
            }
        }
        return try result.get()
    }

    private func scan(_ text: String) throws(JSONScanError) -> Value { try scan(Array(text.utf8)) }

    private func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONScanError? {
        do throws(JSONScanError) {
            let value = try scan(bytes)
            XCTFail("accepted \(String(decoding: bytes.prefix(60), as: UTF8.self)) as \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testValuesReadAsJSONDecoderReadsThem() throws {
        let texts = [
            #"{"type":"m.room.message","content":{"msgtype":"m.text","body":"떡볶이 😀 \"q\" \\ \/ \n\t\u0000\u00e9\ud83d\ude00"}}"#,
            #"  [1, -2, 0, -0, 1.5, -0.25, 1e3, 2E-2, 9223372036854775807, -9223372036854775808, 9223372036854775808, 1e300, true, false, null, [], {}, [[[]]], ""]  "#,
            #"{"a":{"b":{"c":[{"d":null}]}},"e":"\u001f","f":"\/", "g" : [ 1 , 2 ] }"#,
            "\"\u{10FFFF}\u{FEFF}\u{7F}\"", "123456789012345678901234567890", "0.1", "-1.7976931348623157e308",
        ]
        for text in texts {
            XCTAssertEqual(try scan(text), try JSONDecoder().decode(Value.self, from: Data(text.utf8)), text)
        }
    }

    func testIntegersAreReadExactlyOrNotAtAll() throws {
        let cases: [(String, Int64?)] = [("0", 0), ("-0", 0), ("42", 42), ("3.0", 3), ("3e2", 300), ("2.5", nil), ("1e30", nil),
                                         ("9223372036854775807", .max), ("-9223372036854775808", .min), ("9223372036854775808", nil)]
        for (text, expected) in cases {
            let read: Int64?? = try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONScanError) in
                var scanner = JSONScanner(buffer)
                return .some(try scanner.int64())
            }
            XCTAssertEqual(read, .some(expected), text)
        }
    }

    func testMalformedTextIsRefusedWithWhereAndWhy() {
        let cases: [(text: String, offset: Int, reason: String)] = [
            ("", 0, "ends where a value should be"), ("{", 1, "an object key must be a string"), ("[1,]", 3, "unexpected character where a value"),
            ("[1 2]", 3, "expected ',' or ']'"), (#"{"a" 1}"#, 5, "expected ':'"), (#"{"a":1,}"#, 7, "an object key must be a string"),
            (#"{a:1}"#, 1, "must be a string"), ("01", 1, "must not start with 0"), ("1.", 2, "a fraction needs a digit"),
            ("-", 1, "needs a digit"), ("1e", 2, "an exponent needs a digit"), ("+1", 0, "unexpected character"),
            ("NaN", 0, "unexpected character"), ("tru", 0, "unexpected word"), ("nul", 0, "unexpected word"), ("truex", 4, "more text after"),
            ("{} x", 3, "more text after"), (#""abc"#, 4, "not closed"), (#""\x""#, 2, "unknown escape"), (#""\u12""#, 5, "four hex digits"),
            ("\"a\u{01}\"", 2, "control character"), (#""\ud800""#, 7, "lone UTF-16 surrogate"), (#""\udc00x""#, 7, "lone UTF-16 surrogate"), (#""\ud800\u0041""#, 13, "lone UTF-16 surrogate"),
            (#"[1"#, 2, "expected ',' or ']'"),
        ]
        for (text, offset, reason) in cases {
            guard let error = refusal(Array(text.utf8)) else { continue }
            XCTAssertEqual(error.kind, .syntax, text)
            XCTAssertEqual(error.offset, offset, "\(text): \(error)")
            XCTAssertTrue(error.reason.contains(reason), "\(text): \(error)")
        }
    }

    /// A reader asking for one kind where the text ends or no value starts has met broken JSON,
    /// not JSON of another shape: a lenient reader would step over a `.shape` error and read on.
    /// A random cut of a real sliding-sync answer caught it (`{"pos":` read as "expected a string").
    func testATypedReadWhereNoValueIsIsASyntaxErrorAndAnotherKindIsAShapeError() {
        typealias Read = (inout JSONScanner) throws(JSONScanError) -> Void
        let reads: [(String, Read)] = [
            ("string", { scanner throws(JSONScanError) in _ = try scanner.string() }),
            ("bool", { scanner throws(JSONScanError) in _ = try scanner.bool() }),
            ("int64", { scanner throws(JSONScanError) in _ = try scanner.int64() }),
            ("double", { scanner throws(JSONScanError) in _ = try scanner.double() }),
            ("object", { scanner throws(JSONScanError) in try scanner.enterObject() }),
            ("array", { scanner throws(JSONScanError) in try scanner.enterArray() }),
            ("optionalInt64", { scanner throws(JSONScanError) in _ = try scanner.optionalInt64() }),
        ]
        func member(_ text: String, _ read: Read) -> JSONScanError? {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                do throws(JSONScanError) {
                    try scanner.enterObject()
                    _ = try scanner.nextKey()
                    try read(&scanner)
                    return nil
                } catch {
                    return error
                }
            }
        }
        for (name, read) in reads {
            for text in [#"{"a":"#, #"{"a": "#, #"{"a": x}"#, #"{"a": +1}"#] {
                XCTAssertEqual(member(text, read)?.kind, .syntax, "\(name) at \(text)")
            }
            let other = name == "string" ? #"{"a": 7}"# : #"{"a": "s"}"#
            XCTAssertEqual(member(other, read)?.kind, .shape, "\(name) at \(other)")
        }
    }

    func testInvalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            XCTAssertEqual(refusal(bytes)?.reason, "a string is not valid UTF-8")
        }
    }

    func testLoneSurrogatesBecomeTheReplacementCharacterWhenAsked() throws {
        let text = #"["\ud800", "\udc00", "\ud800\u0041", "\ud83d\ude00", "\ud800\ud83d\ude00"]"#
        XCTAssertEqual(try scan(Array(text.utf8), replacing: true),
                       .array([.string("\u{FFFD}"), .string("\u{FFFD}"), .string("\u{FFFD}A"), .string("😀"), .string("\u{FFFD}😀")]))
    }

    /// Nesting past the limit is refused, reading or skipping, without a deep recursion.
    func testDeepNestingIsRefused() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        XCTAssertEqual(refusal(deep)?.reason, "nested deeper than 512 levels")
        let skipped: JSONScanError? = deep.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanError) { try scanner.skip(); return nil } catch { return error }
        }
        XCTAssertEqual(skipped?.offset, 512)
        let fine = Array(repeating: UInt8(ascii: "["), count: 512) + Array(repeating: UInt8(ascii: "]"), count: 512)
        XCTAssertEqual(try scan(fine), Value(nested: 512))
    }

    /// A reader that meets the wrong type in one element drops that element and reads on; a
    /// syntax error anywhere refuses the whole.
    func testLossyArraysDropWrongShapesButNotSyntaxErrors() throws {
        func strings(_ text: String) throws(JSONScanError) -> [String]? {
            try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONScanError) in
                var scanner = JSONScanner(buffer)
                let list = try scanner.lossyArray { (s: inout JSONScanner) throws(JSONScanError) in try s.string() }
                try scanner.end()
                return list
            }
        }
        XCTAssertEqual(try strings(#"["a", 1, {"x": [true]}, "b", null, "c"]"#), ["a", "b", "c"])
        XCTAssertEqual(try strings("null"), nil)
        XCTAssertThrowsError(try strings(#"["a", {"x": tru}, "b"]"#))
        XCTAssertThrowsError(try strings(#"{"a": 1}"#))
    }

    func testKeysReadTwiceAreRefusedWhereAReaderReadsThem() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        let error: JSONScanError? = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanError) {
                _ = try scanner.strictObject { (s: inout JSONScanner) throws(JSONScanError) in try s.int64() }
                return nil
            } catch { return error }
        }
        XCTAssertEqual(error?.kind, .shape)
        XCTAssertEqual(error?.reason, #"the key "a" twice"#)
    }

    /// Random documents, then every prefix of one and random bytes changed: never a crash, and
    /// whatever JSONDecoder accepts whole the scanner reads to the same value.
    func testRandomTextAgreesWithJSONDecoder() throws {
        var seeded = SeededGenerator(seed: 20)
        let alphabet = Array(#"{}[],:"\-01e.ntf "#.utf8)
        let base = Array(#"{"a":[1,2.5,-3e2,"x\n\u00e9",true,false,null,{"b":{}}],"c":"떡","d":[[]]}"#.utf8)
        for round in 0..<3_000 {
            var bytes = base
            if round < base.count { bytes = Array(base.prefix(round)) } else {
                for _ in 0..<Int(seeded.next() % 3 + 1) {
                    bytes[Int(seeded.next() % UInt64(bytes.count))] = alphabet[Int(seeded.next() % UInt64(alphabet.count))]
                }
            }
            let decoded = try? JSONDecoder().decode(Value.self, from: Data(bytes))
            let scanned = try? scan(bytes)
            XCTAssertEqual(scanned, decoded, String(decoding: bytes, as: UTF8.self))
        }
    }
}
