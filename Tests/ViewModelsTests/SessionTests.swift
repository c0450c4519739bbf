import ChatCore
import TestSupport
import XCTest
@testable import ViewModels

@MainActor
final class SessionTests: XCTestCase {
    // MARK: Account switch

    /// A → log out → B: every screen shows B, nothing of A survives in any model.
    func testSwitchingAccountsLeavesNothingOfThePreviousOne() async throws {
        let fixture = try CommunityFixture()
        let carol = try await fixture.member("carol", nickname: "carol")
        let carolViewer = await carol.viewer()
        let carolID = try XCTUnwrap(carolViewer.userID)
        _ = try await fixture.member("bob", nickname: "bob")  // exists so B can log in below

        try await fixture.signUpApp("alice", nickname: "alice", region: "마포구")
        let session = fixture.session()
        await session.start()
        let a = try XCTUnwrap(session.community)
        let aChat = try opened(await a.join("lobby"))
        expect(await aChat.send("alice was here"))
        expect(await a.directMessage("carol").chat?.send("hi carol") ?? false)
        await a.navigator.pop()
        await a.navigator.pop()
        await a.navigator.select(.direct)
        await a.navigator.select(.profile)
        XCTAssertEqual(a.profile.viewer.account?.nickname, "alice")
        XCTAssertGreaterThan(a.profile.messageCount.value ?? 0, 0)
        XCTAssertEqual(a.conversations.rows.value?.map(\.other.id), [carolID])

        await session.logOut()
        guard case .welcome = session.phase else { return XCTFail("log out must show the welcome screen") }
        // The closed models dropped everything they held.
        XCTAssertEqual(a.profile.viewer, .guest)
        XCTAssertEqual(a.profile.messageCount, .loading)
        XCTAssertEqual(a.conversations.rows, .loading)
        XCTAssertEqual(a.channels.rows, .loading)
        XCTAssertEqual(aChat.messages, .loading)

        await session.showLogIn()
        guard case .logIn(let form) = session.phase else { return XCTFail("no log-in form") }
        form.identifier = "bob@example.com"
        form.password = TestCommunity.password(for: "bob")
        expect(await form.submit())
        let b = try XCTUnwrap(session.community)
        XCTAssertFalse(a === b, "a new account gets new screens")

        XCTAssertEqual(b.channels.viewer.account?.nickname, "bob")
        let lobby = try await fixture.channel("lobby")
        XCTAssertNotEqual(b.channels.rows.value?.first { $0.id == lobby.id }?.badge, .hidden, "alice's message is unread for bob")
        await b.navigator.select(.direct)
        XCTAssertEqual(b.conversations.rows, .loaded([]), "alice's conversation is not bob's")
        await b.navigator.select(.profile)
        XCTAssertEqual(b.profile.viewer.account?.nickname, "bob")
        XCTAssertEqual(b.profile.messageCount, .loaded(0))
        XCTAssertEqual(b.profile.myMessages.value?.count, 0)
        let bChat = try opened(await b.join("lobby"))
        let alicesLine = try XCTUnwrap(bChat.messages.value?.first { $0.message.content.summary == "alice was here" })
        XCTAssertFalse(alicesLine.isMine, "alice's message is not bob's")
        XCTAssertEqual(bChat.viewer.account?.nickname, "bob")
    }

    /// `/login` as someone else while signed in: the screens are rebuilt for the new account.
    func testLoggingInOverAnotherMemberRebuildsTheScreens() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.member("bob", nickname: "bob")
        try await fixture.signUpApp("alice", nickname: "alice")
        let (session, a) = try await fixture.community()
        await a.navigator.select(.profile)
        XCTAssertEqual(a.profile.displayName, "alice")

        await session.presentLogIn()
        guard case .logIn(let form) = a.navigator.visible else { return XCTFail("no log-in form") }
        form.identifier = "bob@example.com"
        form.password = TestCommunity.password(for: "bob")
        expect(await form.submit())
        let b = try XCTUnwrap(session.community)
        XCTAssertFalse(a === b, "another member gets new screens")
        XCTAssertEqual(a.profile.viewer, .guest, "the old screens were closed")
        await b.navigator.select(.profile)
        XCTAssertEqual(b.profile.displayName, "bob")
    }

    // MARK: Guest

    func testGuestUsesEveryScreenButCannotSend() async throws {
        let fixture = try CommunityFixture()
        let session = fixture.session()
        await session.start()
        guard case .welcome = session.phase else { return XCTFail("no saved session: the welcome screen comes first") }
        await session.continueAsGuest()
        let community = try XCTUnwrap(session.community)
        XCTAssertFalse(community.channels.rows.value?.isEmpty ?? true)
        for tab in Tab.allCases { await community.navigator.select(tab) }
        XCTAssertNotNil(community.discover.rows.value)
        XCTAssertEqual(community.conversations.placeholder, "Log in to talk with other members.")
        XCTAssertEqual(community.profile.displayName, "Guest")
        XCTAssertNil(community.profile.rankTitle)
        await community.navigator.select(.channels)

        let before = try await fixture.storedMessageCount(in: "lobby")
        let row = try XCTUnwrap(community.channels.rows.value?.first { $0.name == "lobby" })
        XCTAssertNotEqual(row.badge, .hidden, "the welcome message is new to a guest")
        let chat = try opened(await community.channels.open(row), "guests are never asked for a nickname")
        XCTAssertFalse(chat.texts.isEmpty, "a guest reads the channel")
        XCTAssertEqual(chat.inputBar, .disabled(reason: "Log in to chat"))
        expect(!(await chat.send("let me in")))
        XCTAssertEqual(chat.alert, "Login required — guests can't send messages.")
        let after = try await fixture.storedMessageCount(in: "lobby")
        XCTAssertEqual(after, before, "nothing was stored")
        XCTAssertFalse(chat.texts.contains("let me in"))
        await community.navigator.pop()
        XCTAssertEqual(community.channels.rows.value?.first { $0.name == "lobby" }?.badge, .hidden, "a guest's reading clears the badge")
    }

    /// The caller's language reaches every string a model produces.
    func testKoreanGuestSeesTheOriginalKoreanStrings() async throws {
        let fixture = try CommunityFixture(language: .korean)
        let (_, community) = try await fixture.community()
        let chat = try opened(await community.join("lobby"))
        XCTAssertEqual(chat.inputBar, .disabled(reason: "채팅 입력을 위해 로그인해주세요!"))
        expect(!(await chat.send("안녕")))
        XCTAssertEqual(chat.alert, "로그인이 필요한 기능입니다. 게스트는 메세지를 보낼 수 없습니다.")
        XCTAssertEqual(community.conversations.placeholder, "대화하려면 로그인해주세요.")
    }

    /// A guest logs in over an open chat: the chat upgrades on its next willAppear, no restart.
    func testGuestLoggingInUpgradesTheOpenChat() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.member("dana", nickname: "dana", region: "마포구")
        let session = fixture.session()
        await session.continueAsGuest()
        let community = try XCTUnwrap(session.community)
        let chat = try opened(await community.join("lobby"))
        XCTAssertEqual(chat.inputBar, .disabled(reason: "Log in to chat"))

        await session.presentLogIn()
        guard case .logIn(let form) = community.navigator.visible else { return XCTFail("no log-in form over the chat") }
        form.identifier = "dana@example.com"
        form.password = TestCommunity.password(for: "dana")
        expect(await form.submit())

        XCTAssertTrue(session.community === community, "a guest logging in keeps the open screens")
        XCTAssertTrue(community.navigator.visible.chat === chat, "back on the same chat")
        XCTAssertEqual(chat.inputBar, .enabled(placeholder: "Type a message"))
        XCTAssertEqual(chat.viewer.account?.nickname, "dana")
        expect(await chat.send("now I can"))
        XCTAssertEqual(chat.messages.value?.last?.isMine, true)
    }

    // MARK: Terms

    func testSignUpGoesThroughTheTermsScreen() async throws {
        let fixture = try CommunityFixture()
        let session = fixture.session()
        await session.start()
        await session.showSignUp()
        guard case .signUp(let form) = session.phase else { return XCTFail("no sign-up form") }
        form.identifier = "new@example.com"
        form.password = "long enough secret"
        form.region = "종로구"
        expect(await form.submit())
        guard case .terms(let terms) = session.phase else { return XCTFail("sign-up must show the terms") }

        expect(!(await terms.join()))
        XCTAssertEqual(terms.message, "Please agree to the terms.")
        guard case .terms = session.phase else { return XCTFail("Join unticked must stay on the terms") }
        let termsBeforeJoin = await fixture.service.viewer().account?.acceptedTermsVersion ?? 0
        XCTAssertEqual(termsBeforeJoin, 0)

        terms.toggleAgreement()
        expect(await terms.join())
        XCTAssertNotNil(session.community)
        let termsAfterJoin = await fixture.service.viewer().account?.acceptedTermsVersion
        XCTAssertEqual(termsAfterJoin, CommunityTerms.currentVersion)
    }

    /// Moderators published new terms: a member who agreed to the old ones is refused posting, and
    /// the next start shows the new text and asks again; once agreed, posting works.
    func testNewTermsAskAMemberWhoAgreedToTheOldOnesAgain() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.signUpApp("alice", nickname: "alice", region: "마포구")
        let lobby = try await fixture.channel("lobby")
        let before = await fixture.service.permission(in: lobby.id)
        XCTAssertEqual(before, .allowed)
        let published = try await fixture.service.publishTerms("Be kind.\nNo selling.")
        XCTAssertEqual(published.version, CommunityTerms.currentVersion + 1)
        let refused = await fixture.service.permission(in: lobby.id)
        XCTAssertEqual(refused, .denied(.termsChanged))
        XCTAssertEqual(Strings(.english).denial(.termsChanged), "The community's terms have changed: agree to the new terms first.")

        let session = fixture.session()
        await session.start()
        guard case .terms(let terms) = session.phase else { return XCTFail("new terms must be asked for at the next start") }
        XCTAssertEqual(terms.version, published.version)
        XCTAssertEqual(terms.rules, ["Be kind.", "No selling."])
        terms.toggleAgreement()
        expect(await terms.join())
        XCTAssertNotNil(session.community)
        let agreed = await fixture.service.viewer().account
        XCTAssertEqual(agreed?.acceptedTermsVersion, published.version)
        let allowed = await fixture.service.permission(in: lobby.id)
        XCTAssertEqual(allowed, .allowed)
    }

    /// A moderator banned the member while away: the next start shows the welcome screen with the
    /// ban's words, not the community, and a log-in is refused with the same words.
    func testABannedMembersSavedSessionEndsOnTheWelcomeScreenSayingWhy() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.signUpApp("bob", nickname: "bob", region: "마포구")
        let moderator = try await fixture.member("mod", nickname: "mod")
        _ = try await moderator.impose(.ban, on: "bob", reason: "spam links", until: nil)

        let session = fixture.session()
        await session.start()
        guard case .welcome = session.phase else { return XCTFail("a banned member must not enter the community") }
        XCTAssertEqual(session.notice, "A moderator banned this account: spam links.")
        await session.showLogIn()
        guard case .logIn(let form) = session.phase else { return XCTFail("no log-in form") }
        form.identifier = "bob@example.com"
        form.password = TestCommunity.password(for: "bob")
        expect(!(await form.submit()))
        XCTAssertNil(session.community)
    }

    func testLogInOfAnAccountThatHasNotAgreedShowsTheTerms() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.service.signUp(SignUpRequest(identifier: "late@example.com", password: "late password", nickname: "late"))
        try await fixture.service.logOut()
        let session = fixture.session()
        await session.start()
        await session.showLogIn()
        guard case .logIn(let form) = session.phase else { return XCTFail("no log-in form") }
        form.identifier = "late@example.com"
        form.password = "late password"
        expect(await form.submit())
        guard case .terms = session.phase else { return XCTFail("an account without consent sees the terms first") }
    }

    func testWrongPasswordStaysOnTheFormWithTheReason() async throws {
        let fixture = try CommunityFixture()
        _ = try await fixture.member("erin", nickname: "erin")
        let session = fixture.session()
        await session.showLogIn()
        guard case .logIn(let form) = session.phase else { return XCTFail("no log-in form") }
        form.identifier = "erin@example.com"
        form.password = "wrong"
        expect(!(await form.submit()))
        XCTAssertEqual(form.error, "Wrong email or password.")
        XCTAssertEqual(form.password, "", "the password is not kept")
        guard case .logIn = session.phase else { return XCTFail("a failed log-in stays on the form") }
    }

    /// Every screen has one lifecycle: a form left for the welcome screen is closed, and the
    /// password typed into it (not yet submitted) goes with it. Before, the sign-up form had no
    /// `close` and leaving either form kept the password in the model.
    func testLeavingAFormForTheWelcomeScreenDropsThePasswordTyped() async throws {
        let session = try CommunityFixture().session()
        await session.showSignUp()
        guard case .signUp(let signUp) = session.phase else { return XCTFail("no sign-up form") }
        signUp.identifier = "new@example.com"
        signUp.password = "typed, never sent"
        await session.showWelcome()
        XCTAssertEqual(signUp.password, "", "the sign-up form kept the password")

        await session.showLogIn()
        guard case .logIn(let logIn) = session.phase else { return XCTFail("no log-in form") }
        logIn.password = "typed, never sent"
        await session.showWelcome()
        XCTAssertEqual(logIn.password, "", "the log-in form kept the password")
    }
}
