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
        #"{"region":"Seoul","accepted_terms_version":2}"#, #"{"region":null,"accepted_terms_version":null}"#,
        #"{"region":5}"#, #"{"accepted_terms_version":1.5}"#, #"{"accepted_terms_version":"2"}"#,
        #"{"accepted_terms_version":1e30}"#, #"{"accepted_terms_version":-3,"region":"부산"}"#,
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
            XCTAssertEqual(json.decode(as: TteokProfileContent.self), decoded(text, as: TteokProfileContent.self), text)
        }
        XCTAssertEqual(try value(contents[contents.count - 7]).decode(as: TteokProfileContent.self),
                       TteokProfileContent(region: "Seoul", accepted_terms_version: 2), "the profile's fields, not a default")
        // The views are what the cold start reads: a member's fields, not a default.
        let member = try XCTUnwrap(try value(contents[0]).decode(as: MemberContent.self))
        XCTAssertEqual([member.membership, member.displayname], ["join", "Ann"])
        XCTAssertEqual(member.is_direct, true)
    }

    /// The timeline's own contents (messages, stickers, relations), read from open JSON as the
    /// sliding-sync window's reader does, are what decoding their bytes gives, hostile ones too.
    func testTimelineViewsReadWhatDecodingTheBytesReads() throws {
        let timeline = [
            #"{"msgtype":"m.text","body":"hi","format":"org.matrix.custom.html","formatted_body":"<b>hi</b>","m.mentions":{"user_ids":["@a:x"]}}"#,
            #"{"msgtype":"m.image","body":"c.png","url":"mxc://x/y","info":{"mimetype":"image/png","size":12,"w":3,"h":4},"filename":"c.png"}"#,
            #"{"msgtype":"m.image","body":"c","info":{"size":1.5}}"#, #"{"msgtype":"m.image","body":"c","info":{"size":"big"}}"#,
            #"{"msgtype":"m.image","body":"c","info":{"size":1e30}}"#, #"{"msgtype":"m.image","body":"c","info":null,"url":null}"#,
            #"{"msgtype":"m.image","body":"c","info":[]}"#, #"{"msgtype":"m.location","body":"here","geo_uri":"geo:1,2"}"#,
            #"{"msgtype":"m.text","body":"e","m.new_content":{"msgtype":"m.text","body":"x"},"m.relates_to":{"rel_type":"m.replace","event_id":"$1"}}"#,
            #"{"msgtype":"m.text","body":"r","m.relates_to":{"m.in_reply_to":{"event_id":"$1"},"rel_type":"m.thread","is_falling_back":true}}"#,
            #"{"msgtype":"m.text","body":"r","m.relates_to":{"m.in_reply_to":{"event_id":5}}}"#, #"{"m.relates_to":{"is_falling_back":"yes"}}"#,
            #"{"m.relates_to":{"m.in_reply_to":null,"key":"👍","rel_type":"m.annotation","event_id":"$1"}}"#, #"{"m.relates_to":[]}"#,
            #"{"msgtype":"m.text","body":5}"#, #"{"msgtype":"m.text"}"#, #"{"msgtype":"m.file","body":"f","file":{"url":"mxc://x/f"},"filename":7}"#,
            #"{"body":"sticker","url":"mxc://x/s","info":{"w":1}}"#, #"{"body":true}"#, #"{"file":null,"url":5}"#,
        ] + contents
        for text in timeline {
            let json = try value(text)
            XCTAssertEqual(json.decode(as: MessageEventContent.self), decoded(text, as: MessageEventContent.self), text)
            XCTAssertEqual(json.decode(as: StickerContent.self), decoded(text, as: StickerContent.self), text)
            XCTAssertEqual(json.decode(as: RelatesTo.self), decoded(text, as: RelatesTo.self), text)
            XCTAssertEqual(json["m.relates_to"]?.decode(as: RelatesTo.self), decoded(text, as: Relation.self)?.relation, text)
        }
        XCTAssertEqual(try value(timeline[1]).decode(as: MessageEventContent.self)?.info?.size, 12, "the view reads the fields")
    }

    /// `m.relates_to` as `TimelineFields(type:from:)` decodes it: absent, null or malformed is nil.
    private struct Relation: Decodable {
        var relation: RelatesTo?
        enum CodingKeys: String, CodingKey { case relation = "m.relates_to" }
        init(from decoder: Decoder) throws {
            relation = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(RelatesTo.self, forKey: .relation)
        }
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
