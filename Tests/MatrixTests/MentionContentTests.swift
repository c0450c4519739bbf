import ChatCore
import Foundation
import XCTest
@testable import Matrix

/// What a message addressing members carries (issue 19): `m.mentions` with each id once, a pill
/// per name in `formatted_body` with every character of the body and of a hostile name or id
/// escaped, Markdown's own HTML left as it is, and nothing added without a mention.
final class MentionContentTests: XCTestCase {
    private func json(_ content: MessageEventContent) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(content)) as? [String: Any])
    }

    func testMentionsCarryEachIdOnceAndPillsTheNames() throws {
        let bob = UserID("@bob:hs")
        let text = "Bob: ask @Bob & <Mina>\nok"
        let content = MessageEventContent.typed(text).mentioning(Mentions.find(in: text, members: [ChannelMember(user: bob, nickname: "Bob")]))
        let fields = try json(content)
        XCTAssertEqual((fields["m.mentions"] as? [String: Any])?["user_ids"] as? [String], ["@bob:hs"])
        XCTAssertEqual(fields["format"] as? String, "org.matrix.custom.html")
        XCTAssertEqual(fields["formatted_body"] as? String,
                       "<a href=\"https://matrix.to/#/@bob:hs\">Bob</a>: ask <a href=\"https://matrix.to/#/@bob:hs\">@Bob</a> &amp; &lt;Mina&gt;<br>ok")
        XCTAssertEqual(fields["body"] as? String, text, "the body stays what was typed")
    }

    /// A member named with markup and an id with a quote: neither ends the attribute or the link.
    func testAHostileNameAndIdAreEscapedInThePill() throws {
        let evil = ChannelMember(user: UserID("@x\"><script>:hs"), nickname: "<img src=x onerror=alert(1)>")
        let text = "@<img src=x onerror=alert(1)> hi"
        let html = try XCTUnwrap(try json(MessageEventContent.typed(text).mentioning(Mentions.find(in: text, members: [evil])))["formatted_body"] as? String)
        XCTAssertEqual(html, "<a href=\"https://matrix.to/#/@x&quot;&gt;&lt;script&gt;:hs\">@&lt;img src=x onerror=alert(1)&gt;</a> hi")
    }

    func testMarkdownKeepsItsHTMLAndNoMentionAddsNothing() throws {
        let text = "Bob: **now**"
        let content = MessageEventContent.typed(text).mentioning(Mentions.find(in: text, members: [ChannelMember(user: UserID("@bob:hs"), nickname: "Bob")]))
        XCTAssertEqual(content.formattedBody, "Bob: <strong>now</strong>")
        XCTAssertNotNil(content.mentions)
        XCTAssertEqual(MessageEventContent.typed("hi all").mentioning([]), MessageEventContent.typed("hi all"))
        XCTAssertNil(try json(MessageEventContent.typed("hi all"))["m.mentions"])
    }
}
