import ChatCore
import Foundation
import XCTest

/// The rules of daily use that every front end shares: Hangul initial-consonant matching, what
/// makes a message a highlight, which links are found and may be opened, notification levels
/// and the config file's keys.
final class DailyRulesTests: XCTestCase {
    func testInitialConsonantsFindHangulNames() {
        XCTAssertTrue(HangulInitials.contains("마포구", "ㅁㅍ"))
        XCTAssertTrue(HangulInitials.contains("마포구", "ㅍㄱ"))
        XCTAssertTrue(HangulInitials.contains("마포구", "마ㅍ"))
        XCTAssertTrue(HangulInitials.contains("떡볶이 맛집", "ㄸㅂ"))
        XCTAssertFalse(HangulInitials.contains("떡볶이", "ㄷㅂ"), "ㄸ is its own initial, not ㄷ")
        XCTAssertFalse(HangulInitials.contains("마포구", "ㅁㄱ"))
        XCTAssertTrue(HangulInitials.hasPrefix("Mina", "mi"))
        XCTAssertFalse(HangulInitials.hasPrefix("마포구", "ㅍ"))
        XCTAssertTrue(HangulInitials.contains("anything", ""))
        XCTAssertEqual(String(HangulInitials.initialsKey("강남A")), "ㄱㄴa")
    }

    func testMyNicknameAMentionPillAHighlightWordAndDirectMessagesAreHighlights() {
        let me = UserID("@dave:example.org")
        let rule = HighlightRule(me: me, nickname: "Dave", words: ["떡볶이", " Tteok "])
        let bob = UserID("@bob:example.org")
        func message(_ text: String, from sender: UserID = bob) -> Message {
            Message(id: MessageID(text), channelID: ChannelID("!room"), senderID: sender, senderNickname: "bob", sentAt: Date(), content: .text(text))
        }
        for text in ["@Dave ping", "dave: lunch?", "hi DAVE.", "dave님 안녕", "오늘 떡볶이 어때", "tteok time", "(dave)"] {
            XCTAssertTrue(rule.isHighlight(message(text), isDirect: false), text)
        }
        for text in ["davey was here", "bravedave", "nobody", "tteokbokki"] {
            XCTAssertFalse(rule.isHighlight(message(text), isDirect: false), text)
        }
        XCTAssertTrue(rule.isHighlight(message("no name at all"), isDirect: true), "a direct message is a highlight")
        XCTAssertFalse(rule.isHighlight(message("dave, me", from: me), isDirect: true), "my own message never is")
        var pill = message("Dave R. look")
        pill.content = .text("D look")
        pill.formatted = FormattedText(runs: [FormattedText.Run("D", .link, link: "https://matrix.to/#/%40dave%3Aexample.org"), FormattedText.Run(" look")])
        XCTAssertTrue(rule.isHighlight(pill, isDirect: false), "a mention pill names me by user id")
        XCTAssertTrue(rule.isHighlight(message("hey @DAVE:example.org"), isDirect: false), "the localpart names me too")
        var deleted = message("dave")
        deleted.content = .deleted(byModerator: false)
        XCTAssertFalse(rule.isHighlight(deleted, isDirect: false))
        var joined = message("dave")
        joined.content = .roomChange(.membership(MembershipChange(action: .invited, target: me, targetNickname: "Dave")))
        XCTAssertFalse(rule.isHighlight(joined, isDirect: true), "a membership change is no one's words, even in a direct chat")
        XCTAssertNil(HighlightRule(viewer: .guest), "nothing names a guest")
    }

    func testLinksAreFoundWithoutTheSentenceAroundThem() {
        let text = "see (https://a.example/x_(y)) and http://b.example/p?q=1, also HTTPS://C.example/.맛집 or javascript:alert(1) file:///etc/passwd"
        XCTAssertEqual(LinkFinder.links(in: text).map(\.url), ["https://a.example/x_(y)", "http://b.example/p?q=1", "HTTPS://C.example/"])
        let first = LinkFinder.links(in: "go https://x.example/a.")[0]
        XCTAssertEqual(first.range, 3..<22)
        XCTAssertEqual(LinkFinder.links(in: "xhttps://x.example https:// http:///"), [], "a scheme inside a word, or with no host, is no link")
    }

    func testOnlyPlainWebLinksMayBeOpened() {
        XCTAssertTrue(LinkFinder.isOpenable("https://example.org/a?b=c#d"))
        XCTAssertTrue(LinkFinder.isOpenable("http://127.0.0.1:8080/"))
        for hostile in ["file:///etc/passwd", "javascript:alert(1)", "ssh://host", "https://a.example/\u{1B}]8;;x", "https://a b",
                        "https://a.example/\u{202E}gnp", "https:///x", "https://", "-https://x", "HTTPS://\n", "mailto:a@b",
                        "https://" + String(repeating: "a", count: 5000)] {
            XCTAssertFalse(LinkFinder.isOpenable(hostile), hostile)
        }
    }

    func testNotifyLevelsAnnounceAndAreKeptInAPrivateFile() throws {
        XCTAssertEqual(NotifyLevel.standard(isDirect: true), .all)
        XCTAssertEqual(NotifyLevel.standard(isDirect: false), .mentions)
        XCTAssertTrue(NotifyLevel.mentions.announces(isHighlight: true))
        XCTAssertFalse(NotifyLevel.mentions.announces(isHighlight: false))
        XCTAssertFalse(NotifyLevel.mute.announces(isHighlight: true))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state/notify.json")
        var settings = NotifySettings.load(from: file)
        XCTAssertEqual(settings.level(of: ChannelID("c1"), isDirect: false), .mentions)
        settings.set(.mute, for: ChannelID("c1"))
        settings.set(.all, for: ChannelID("c2"))
        try settings.save(to: file)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let read = NotifySettings.load(from: file)
        XCTAssertEqual(read.level(of: ChannelID("c1"), isDirect: false), .mute)
        XCTAssertEqual(read.level(of: ChannelID("c2"), isDirect: false), .all)
        try Data(#"{"c1":"loud","c3":"mute"}"#.utf8).write(to: file)
        XCTAssertEqual(NotifySettings.load(from: file).levels, [ChannelID("c3"): .mute], "an unknown level is skipped")
    }

    func testTheConfigFileSetsDailyKeys() {
        let config = UserConfig(parsing: """
        highlight = 떡볶이, tteok ,
        notify = notify-send
        bell = off
        mouse = off
        time_format = %I:%M %p
        """)
        XCTAssertEqual(config.daily.highlightWords, ["떡볶이", "tteok"])
        XCTAssertEqual(config.daily.notifier, .notifySend)
        XCTAssertFalse(config.daily.bell)
        XCTAssertFalse(config.daily.mouse)
        XCTAssertEqual(config.daily.timeFormat, "%I:%M %p")
        let defaults = UserConfig(parsing: "notify = loudly\nmouse = maybe")
        XCTAssertEqual(defaults.daily.notifier, .terminal)
        XCTAssertTrue(defaults.daily.mouse)
        XCTAssertTrue(defaults.daily.bell)
    }
}
