import ChatCore
import XCTest

/// Which members a typed message addresses (issue 19, sent on Matrix as `m.mentions` and pills):
/// `Name:` or `Name,` at a line's start, `@Name` anywhere not inside a word; ASCII case folded;
/// the longest name first; a shared name nobody; a hostile text bounded.
final class MentionsTests: XCTestCase {
    private let bob = ChannelMember(user: UserID("@bob:hs"), nickname: "Bob")
    private let minsu = ChannelMember(user: UserID("@minsu:hs"), nickname: "민수")
    private let kim = ChannelMember(user: UserID("@kim:hs"), nickname: "Kim")
    private let kimMinsu = ChannelMember(user: UserID("@kimminsu:hs"), nickname: "Kim Minsu")
    private var members: [ChannelMember] { [bob, minsu, kim, kimMinsu] }

    private func users(_ text: String, _ members: [ChannelMember]? = nil) -> [String] {
        Mentions.find(in: text, members: members ?? self.members).map(\.user.raw)
    }

    func testANameAtALinesStartFollowedByAColonOrACommaIsAMention() {
        XCTAssertEqual(users("Bob: lunch?"), ["@bob:hs"])
        XCTAssertEqual(users("bob, lunch?"), ["@bob:hs"], "ASCII case folded")
        XCTAssertEqual(users("민수: 점심 먹었어?"), ["@minsu:hs"])
        XCTAssertEqual(users("first line\nBob: second"), ["@bob:hs"])
        XCTAssertEqual(users("ask Bob: he knows"), [], "not at a line's start, no @")
        XCTAssertEqual(users("Bob lunch?"), [], "addressing needs its colon")
    }

    func testAnAtNameAnywhereIsAMentionButNotInsideAWord() {
        XCTAssertEqual(users("lunch @Bob?"), ["@bob:hs"])
        XCTAssertEqual(users("(@bob) and @민수님 too"), ["@bob:hs", "@minsu:hs"], "a Korean particle may follow")
        XCTAssertEqual(users("mail x@bob.example"), [], "an address, not a mention")
        XCTAssertEqual(users("@Bobby hi"), [], "a longer word is someone else")
        XCTAssertEqual(users("@bob:hs hi"), ["@bob:hs"])
    }

    func testTheLongestNameWinsAndRangesCoverWhatWasTyped() {
        let found = Mentions.find(in: "hi @Kim Minsu and @Kim", members: members)
        XCTAssertEqual(found.map(\.user.raw), ["@kimminsu:hs", "@kim:hs"])
        XCTAssertEqual(found.map(\.range), [3..<13, 18..<22])
    }

    func testANameTwoMembersShareNamesNobody() {
        let other = ChannelMember(user: UserID("@bob2:hs"), nickname: "bob")
        XCTAssertEqual(users("Bob: hi", [bob, other]), [])
        XCTAssertEqual(users("Bob: hi", [bob, bob]), ["@bob:hs"], "the same member listed twice is still one")
    }

    func testCandidatesAreTheFoldedNamesATextCouldHold() {
        let names = Mentions.candidates(in: "Kim Minsu: hi @Bob.")
        XCTAssertTrue(names.isSuperset(of: ["kim minsu", "bob"]), "\(names)")
        XCTAssertFalse(names.contains("hi"))
        XCTAssertEqual(Mentions.fold("ÄBC 민수"), "Äbc 민수", "only ASCII folds, as SQLite's lower()")
    }

    /// A megabyte of `@a ` and one line of 100,000 `@`: bounded places, bounded candidates.
    func testAHostileTextIsBounded() {
        let many = String(repeating: "@a ", count: 350_000)
        XCTAssertLessThanOrEqual(Mentions.candidates(in: many).count, Mentions.mostCandidates)
        let found = Mentions.find(in: many, members: [ChannelMember(user: UserID("@a:hs"), nickname: "a")])
        XCTAssertLessThanOrEqual(found.count, 256)
        XCTAssertEqual(Mentions.find(in: String(repeating: "@", count: 100_000), members: members), [])
    }
}
