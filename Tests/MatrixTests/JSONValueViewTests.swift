import Foundation
import XCTest
@testable import Matrix

/// The typed views read straight from open JSON (`JSONValueView`) give exactly what decoding
/// them from the JSON's bytes gives, on ordinary contents and on a hostile server's; contents
/// read object-first (`JSONValue(content:)`) are the values `JSONValue(from:)` reads.
final class JSONValueViewTests: XCTestCase {
    /// Contents of every shape a server could send for these events, well-formed or not.
    private let contents = [
        #"{"membership":"join","displayname":"Ann","is_direct":true}"#, #"{"membership":"invite"}"#,
        #"{"membership":"leave","displayname":null,"is_direct":null}"#, #"{"membership":5}"#,
        #"{"displayname":"no membership"}"#, #"{"membership":"join","displayname":7}"#,
        #"{"membership":"join","is_direct":"yes"}"#, #"{"membership":"join","is_direct":1}"#,
        #"{"membership":null}"#, #"{"name":"lobby"}"#, #"{"name":null}"#, #"{"name":["x"]}"#,
        ##"{"topic":"t","alias":"#a:x"}"##, #"{"topic":{"text":"t"}}"#, #"{"alias":false}"#, #"{}"#,
        #""not an object""#, #"["membership","join"]"#, "null", "3", "true",
        #"{"membership":"join","displayname":"떡 \u0000 \ud83d\ude00","extra":{"deep":[1,2,{"x":null}]}}"#,
    ]

    private func value(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// What the bytes decode to through `Decodable`, the reference the views must match.
    private func decoded<T: Decodable>(_ text: String, as type: T.Type) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    func testViewsReadWhatDecodingTheBytesReads() throws {
        for text in contents {
            let json = try value(text)
            let member = json.decode(as: MemberContent.self), reference = decoded(text, as: MemberContent.self)
            XCTAssertEqual(member?.membership, reference?.membership, text)
            XCTAssertEqual(member?.displayname, reference?.displayname, text)
            XCTAssertEqual(member?.is_direct, reference?.is_direct, text)
            XCTAssertEqual(member == nil, reference == nil, text)
            XCTAssertEqual(json.decode(as: NameContent.self)?.name, decoded(text, as: NameContent.self)?.name, text)
            XCTAssertEqual(json.decode(as: NameContent.self) == nil, decoded(text, as: NameContent.self) == nil, text)
            XCTAssertEqual(json.decode(as: TopicContent.self)?.topic, decoded(text, as: TopicContent.self)?.topic, text)
            XCTAssertEqual(json.decode(as: TopicContent.self) == nil, decoded(text, as: TopicContent.self) == nil, text)
            XCTAssertEqual(json.decode(as: CanonicalAliasContent.self)?.alias, decoded(text, as: CanonicalAliasContent.self)?.alias, text)
            XCTAssertEqual(json.decode(as: CanonicalAliasContent.self) == nil, decoded(text, as: CanonicalAliasContent.self) == nil, text)
        }
        // The views are what the cold start reads: a member's fields, not a default.
        let member = try XCTUnwrap(try value(contents[0]).decode(as: MemberContent.self))
        XCTAssertEqual([member.membership, member.displayname], ["join", "Ann"])
        XCTAssertEqual(member.is_direct, true)
    }

    /// A state event's content is read object-first, power levels numbers-first; every content
    /// reads as before, and a window answer with contents of every shape keeps its well-formed events.
    func testContentsReadObjectFirstAreTheSameValues() throws {
        struct Content: Decodable { var value: JSONValue; init(from decoder: Decoder) throws { value = try JSONValue(content: decoder) } }
        struct Levels: Decodable { var value: JSONValue; init(from decoder: Decoder) throws { value = try JSONValue(powerLevels: decoder) } }
        let huge = #"{"users":{"@a:x":100,"@b:x":1e300},"events":{"m.room.name":50},"ban":-5,"list":[1,"a",null,true,{}]}"#
        for text in contents + [huge] {
            XCTAssertEqual(try JSONDecoder().decode(Content.self, from: Data(text.utf8)).value, try value(text), text)
            XCTAssertEqual(try JSONDecoder().decode(Levels.self, from: Data(text.utf8)).value, try value(text), text)
        }
        for text in [#"{"users":{"@a:x":1e400}}"#, #"{"users":{"@a:x":"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(Levels.self, from: Data(text.utf8)), text)
        }
        let room = { (id: String, content: String) in
            #"{"type":"m.room.power_levels","sender":"@a:x","state_key":"","event_id":"\#(id)","content":\#(content)}"#
        }
        let answer = #"{"pos":"1","rooms":{"!r":{"required_state":[\#(room("$1", huge)),\#(room("$2", "1e400")),\#(room("$3", #""text""#))]}}}"#
        let window = try JSONDecoder().decode(SlidingSyncResponse.self, from: Data(answer.utf8))
        let state = try XCTUnwrap(window.rooms?.values["!r"]?.required_state)
        XCTAssertEqual(state.compactMap(\.event_id), ["$1", "$3"], "only the content no JSON value holds is dropped")
        XCTAssertEqual(state.first?.content.json?["users"]?["@a:x"], .number(100))
        XCTAssertEqual(state.last?.content.json, .string("text"))
    }

    /// A window answer that is not JSON is refused whole, with the place it breaks.
    func testAMalformedWindowIsRefusedWithTheReason() {
        for text in [#"{"pos":"1","rooms":{"!r":{"required_state":[{"type":"m.room.name","content":{"name":"#, "<html>", ""] {
            XCTAssertThrowsError(try JSONDecoder().decode(SlidingSyncResponse.self, from: Data(text.utf8)), text) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertFalse(context.debugDescription.isEmpty)
            }
        }
    }
}
