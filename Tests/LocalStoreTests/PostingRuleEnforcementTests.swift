import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// The posting rule holds at the store, whatever calls it: refusals throw `.denied` and store nothing.
final class PostingRuleEnforcementTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    func storedMessages() throws -> Int {
        try Database(path: community.storeURL.path).readSync { try $0.scalar("SELECT count(*) FROM messages").int ?? -1 }
    }

    func testRefusalsStoreNothing() async throws {
        let lobby = try await community.open(as: "probe").channel(named: "lobby").id
        let gangnam = try await community.open(as: "probe").channel(named: "강남구").id
        let before = try storedMessages()

        let nobody = try community.open(as: "nobody")
        await assertThrows(.denied(.notSignedIn)) { _ = try await nobody.send("hi", to: lobby) }

        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        await assertThrows(.denied(.guest)) { _ = try await guest.send("hi", to: lobby) }
        await assertThrows(.denied(.guest)) { _ = try await guest.sendImage(ImageUpload(fileName: "a.png", mimeType: "image/png", data: Data([1])), to: lobby) }

        let nameless = try community.open(as: "nameless")
        try await nameless.signUpMember("nameless", nickname: "")
        await assertThrows(.denied(.noNickname)) { _ = try await nameless.send("hi", to: lobby) }

        let outsider = try community.open(as: "outsider")
        try await outsider.signUpMember("outsider", region: "마포구")
        await assertThrows(.denied(.notYourRegion("강남구"))) { _ = try await outsider.send("hi", to: gangnam) }

        let unsigned = try community.open(as: "unsigned")
        try await unsigned.signUpMember("unsigned", acceptTerms: false)
        await assertThrows(.denied(.termsNotAccepted)) { _ = try await unsigned.send("hi", to: lobby) }

        XCTAssertEqual(try storedMessages(), before)
    }

    func testMemberPostsInOwnRegionAndOpenChannels() async throws {
        let member = try community.open(as: "member")
        try await member.signUpMember("member", region: "강남구")
        let gangnam = try await member.channel(named: "강남구").id
        let help = try await member.channel(named: "help").id
        let posted = try await member.send("강남 안녕", to: gangnam)
        _ = try await member.send("a question", to: help)
        XCTAssertEqual(posted.content, .text("강남 안녕"))
        XCTAssertEqual(posted.senderNickname, "member")
        let permission = await member.permission(in: try await member.channel(named: "마포구").id)
        XCTAssertEqual(permission, .denied(.notYourRegion("마포구")))
        let page = try await member.latestMessages(in: gangnam, limit: 5)
        XCTAssertEqual(page.messages.map(\.id), [posted.id])
    }

    func testEmptyAndOversizedInputIsRefused() async throws {
        let member = try community.open(as: "member")
        try await member.signUpMember("member")
        let lobby = try await member.channel(named: "lobby").id
        await assertThrows(.invalidInput("Type a message first.")) { _ = try await member.send("  \n", to: lobby) }
        await assertThrows(.tooLarge(limit: LocalCommunity.textLimit)) {
            _ = try await member.send(String(repeating: "떡", count: LocalCommunity.textLimit), to: lobby)
        }
    }
}
