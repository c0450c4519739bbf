import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

/// Reports and blocks through the view models, on a real community file.
@MainActor
final class SafetyModelTests: XCTestCase {
    func testReportingTheSelectedMessageConfirmsAndChangesNothingElse() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let lobby = try await fixture.channel("lobby")
        let rude = try await bob.send("something rude", to: lobby.id)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        expect(await chat.send("mine"))
        let before = chat.texts

        expect(!(await chat.reportSelected(reason: "spam")))
        XCTAssertEqual(community.safety.notice, .failed("Select a message first."))
        chat.selectOlder()
        XCTAssertEqual(chat.selectedLine?.message.content.summary, "mine", "from nothing, up selects the newest")
        expect(!(await chat.reportSelected(reason: "spam")))
        XCTAssertEqual(community.safety.notice, .failed("That is your own message."))
        chat.selectOlder()
        XCTAssertEqual(chat.selection, rude.id)
        expect(!(await chat.reportSelected(reason: "   ")))
        XCTAssertEqual(community.safety.notice, .failed("Say why you are reporting this message."))
        expect(await chat.reportSelected(reason: "insults"))
        XCTAssertEqual(community.safety.notice, .done("Reported. Thank you — a moderator will review it."))

        XCTAssertEqual(chat.texts, before, "a report changes nothing shown")
        let reports = try await fixture.service.reports()
        XCTAssertEqual(reports.map(\.reason), ["insults"])
        XCTAssertEqual(reports.first?.message.id, rude.id)
        XCTAssertEqual(reports.first?.reporter.nickname, "me")
        XCTAssertEqual(reports.first?.channelName, "lobby")
        community.safety.clearNotice()
        XCTAssertNil(community.safety.notice)
    }

    func testAGuestCannotReportOrBlock() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        _ = try await bob.send("hello", to: try await fixture.channel("lobby").id)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        chat.selectOlder()
        expect(!(await chat.reportSelected(reason: "spam")))
        XCTAssertEqual(community.safety.notice, .failed("Log in to report or block."))
        expect(!(await community.safety.block(named: "bob")))
        let reports = try await fixture.service.reports()
        XCTAssertTrue(reports.isEmpty)
    }

    /// Blocking the selected message's sender: their lines, their conversation and their unread
    /// badge go at once, a live message of theirs never shows, and they are on my profile's list.
    func testBlockingTheSenderHidesThemEverywhereAtOnce() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob", region: "강남구")
        let me = try await fixture.signUpApp("me", nickname: "me")
        let lobby = try await fixture.channel("lobby")
        let gangnam = try await fixture.channel("강남구")
        _ = try await bob.send("bob in lobby", to: lobby.id)
        _ = try await bob.send("bob unread", to: gangnam.id)
        _ = try await bob.sendDirect("hi me", to: me.id)
        let (_, community) = try await fixture.community()
        await community.navigator.select(.direct)
        XCTAssertEqual(community.conversations.rows.value?.map(\.other.nickname), ["bob"])
        await community.navigator.select(.channels)
        XCTAssertEqual(badge(of: "강남구", in: community), CountBadge(count: 1))

        let chat = try opened(await community.join("lobby"))
        chat.selectOlder()
        expect(await chat.blockSelectedSender())
        XCTAssertEqual(community.safety.notice, .done("Blocked bob. Their messages are hidden."))
        let gone = await eventually { !chat.texts.contains("bob in lobby") }
        XCTAssertTrue(gone, "the open chat re-reads on blocksChanged")
        XCTAssertNil(chat.selection, "the selected line went with its sender")

        _ = try await bob.send("bob live", to: lobby.id)
        expect(await chat.send("after the block"))
        let mineArrived = await eventually { chat.texts.contains("after the block") }
        XCTAssertTrue(mineArrived)
        XCTAssertFalse(chat.texts.contains("bob live"), "a live message from a blocked user never shows")

        await community.navigator.pop()
        let badgeGone = await eventually { self.badge(of: "강남구", in: community) == CountBadge(count: 0) }
        XCTAssertTrue(badgeGone, "badge: \(String(describing: badge(of: "강남구", in: community)))")
        await community.navigator.select(.direct)
        XCTAssertEqual(community.conversations.rows.value?.count, 0)
        await community.navigator.select(.profile)
        XCTAssertEqual(community.profile.blocked.value?.map(\.nickname), ["bob"])

        let bobProfile = try XCTUnwrap(community.profile.blocked.value?.first)
        expect(await community.profile.unblock(bobProfile))
        XCTAssertEqual(community.safety.notice, .done("Unblocked bob."))
        let listEmpty = await eventually { community.profile.blocked.value?.isEmpty == true }
        XCTAssertTrue(listEmpty, "the profile re-reads its list on the block change")
        await community.navigator.select(.direct)
        XCTAssertEqual(community.conversations.rows.value?.map(\.other.nickname), ["bob"], "unblocked: the conversation is back")
    }

    func testBlockAndUnblockByName() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.member("bob", nickname: "bob")
        _ = try await fixture.member("bobby", nickname: "bobby")
        try await fixture.signUpApp("me", nickname: "me")
        let (_, community) = try await fixture.community()
        let safety = community.safety

        expect(!(await safety.block(named: "nobody")))
        XCTAssertEqual(safety.notice, .failed("No member found."))
        expect(!(await safety.block(named: "me")))
        XCTAssertEqual(safety.notice, .failed("No member found."), "a search never finds the viewer")
        expect(await safety.block(named: "BOB"))
        XCTAssertEqual(safety.notice, .done("Blocked bob. Their messages are hidden."), "an exact name wins over a longer one")
        let blocked = try await fixture.service.blockedUsers()
        XCTAssertEqual(blocked.map(\.nickname), ["bob"])

        expect(!(await safety.unblock(named: "bobby")))
        XCTAssertEqual(safety.notice, .failed("bobby is not blocked."))
        expect(await safety.unblock(named: "bob"))
        XCTAssertEqual(safety.notice, .done("Unblocked bob."))
        let after = try await fixture.service.blockedUsers()
        XCTAssertTrue(after.isEmpty)
    }

    /// From a person's chat (their profile): blocking them empties the conversation.
    func testBlockingFromAConversationAndKoreanNotices() async throws {
        let fixture = try CommunityFixture(language: .korean)
        let bob = try await fixture.member("bob", nickname: "밥")
        let me = try await fixture.signUpApp("me", nickname: "나")
        _ = try await bob.sendDirect("안녕", to: me.id)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.directMessage("밥"))
        XCTAssertEqual(chat.texts, ["안녕"])
        expect(await chat.blockPerson())
        XCTAssertEqual(community.safety.notice, .done("밥님을 차단했습니다. 이 사용자의 메시지는 보이지 않습니다."))
        let emptied = await eventually { chat.texts.isEmpty }
        XCTAssertTrue(emptied)
        expect(!(await chat.reportSelected(reason: "욕설")))
        XCTAssertEqual(community.safety.notice, .failed("먼저 메시지를 선택해주세요."))
        expect(await community.safety.unblock(named: "밥"))
        XCTAssertEqual(community.safety.notice, .done("밥님의 차단을 해제했습니다."))
    }

    /// A chat hidden behind a modal misses `blocksChanged`; on return it must not show the
    /// blocked person's lines it held.
    func testAHiddenChatDropsABlockedSendersLinesWhenItReturns() async throws {
        let fixture = try CommunityFixture()
        let bob = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("me", nickname: "me")
        let lobby = try await fixture.channel("lobby")
        _ = try await bob.send("bob before", to: lobby.id)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        XCTAssertTrue(chat.texts.contains("bob before"))
        await community.showQuickSwitcher()
        let bobsLine = try XCTUnwrap(chat.messages.value?.first { $0.message.content.summary == "bob before" })
        try await fixture.service.block(bobsLine.message.senderID)
        await community.navigator.dismiss()
        XCTAssertFalse(chat.texts.contains("bob before"))
    }

    func testTheTermsStateTheRules() {
        for language in [Language.english, .korean] {
            let rules = Strings(language).termsBody.joined(separator: " ")
            XCTAssertTrue(rules.contains("filter.txt"), "filtered words: \(language)")
            XCTAssertTrue(rules.contains("/report"), "reports: \(language)")
            XCTAssertTrue(rules.contains("/block"), "blocks: \(language)")
        }
        XCTAssertTrue(Strings(.english).termsBody.contains { $0.contains("review every report") })
        XCTAssertTrue(Strings(.korean).termsBody.contains { $0.contains("운영자가 검토") })
    }

    private func badge(of name: String, in community: Community) -> CountBadge? {
        community.channels.rows.value?.first { $0.name == name }?.badge
    }
}
