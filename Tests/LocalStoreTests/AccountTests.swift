import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

final class AccountTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    func testSignUpThenLogInFromAnotherInstance() async throws {
        let alice = try community.open(as: "alice")
        let account = try await alice.signUp(SignUpRequest(identifier: "Alice@Example.com", password: "pässwörd-1", nickname: "앨리스", region: "마포구", acceptTerms: true))
        XCTAssertEqual(account.email, "Alice@Example.com")
        XCTAssertEqual(account.nickname, "앨리스")
        XCTAssertEqual(account.region, "마포구")
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion)
        let viewer = await alice.viewer()
        XCTAssertEqual(viewer, .member(account))

        let elsewhere = try community.open(as: "alice-laptop")
        let loggedIn = try await elsewhere.logIn(identifier: "alice@EXAMPLE.com", password: "pässwörd-1")
        XCTAssertEqual(loggedIn, account)
    }

    func testWrongPasswordAndUnknownEmailAreRefusedAlike() async throws {
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let other = try community.open(as: "mallory")
        await assertThrows(ChatError.wrongPassword) { _ = try await other.logIn(identifier: "alice@example.com", password: "wrong password") }
        await assertThrows(ChatError.wrongPassword) { _ = try await other.logIn(identifier: "nobody@example.com", password: "wrong password") }
        let viewer = await other.viewer()
        XCTAssertEqual(viewer, .guest)
    }

    func testDuplicateEmailIsRefusedCaseInsensitively() async throws {
        let first = try community.open(as: "first")
        try await first.signUpMember("dup")
        let second = try community.open(as: "second")
        await assertThrows(ChatError.accountExists("DUP@example.COM")) {
            _ = try await second.signUp(SignUpRequest(identifier: "DUP@example.COM", password: "another-password"))
        }
        let count = try Database(path: community.storeURL.path).readSync { try $0.scalar("SELECT count(*) FROM users WHERE email_key = 'dup@example.com'") }
        XCTAssertEqual(count, .integer(1))
    }

    func testPasswordIsStoredAsYescryptOnly() async throws {
        let alice = try community.open(as: "alice")
        try await alice.signUpMember("alice")
        let hash = try Database(path: community.storeURL.path).readSync { try $0.scalar("SELECT password_hash FROM users WHERE email_key = 'alice@example.com'") }
        XCTAssertTrue(hash.string?.hasPrefix("$y$") ?? false, "\(hash)")
        let bytes = try Data(contentsOf: community.storeURL) + ((try? Data(contentsOf: URL(fileURLWithPath: community.storeURL.path + "-wal"))) ?? Data())
        XCTAssertNil(bytes.range(of: Data(TestCommunity.password(for: "alice").utf8)), "the password is in the file")
    }

    func testSessionIsRestoredFromItsFileAndEndsOnLogOut() async throws {
        let alice = try community.open(as: "alice")
        let account = try await alice.signUpMember("alice")
        let attributes = try FileManager.default.attributesOfItem(atPath: community.sessionFile(for: "alice").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let restarted = try community.open(as: "alice")
        let restored = await restarted.restoreSession()
        XCTAssertEqual(restored, .member(account))

        try await restarted.logOut()
        XCTAssertFalse(FileManager.default.fileExists(atPath: community.sessionFile(for: "alice").path))
        // The first instance shared that session: it ended for it too.
        let first = await alice.viewer()
        XCTAssertEqual(first, .guest)
        let again = try community.open(as: "alice")
        let none = await again.restoreSession()
        XCTAssertEqual(none, .guest)
    }

    func testGuestSessionIsRestoredAsGuest() async throws {
        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        let restarted = try community.open(as: "guest")
        let viewer = await restarted.restoreSession()
        XCTAssertEqual(viewer, .guest)
        let permission = await restarted.permission(in: try await restarted.channel(named: "lobby").id)
        XCTAssertEqual(permission, .denied(.guest))
    }

    func testAGuestVisitKeepsTheMembersSavedSession() async throws {
        let alice = try community.open(as: "alice")
        let account = try await alice.signUpMember("alice")

        // `tteok --guest` on the same HOME: a guest now, and after it logs out too…
        let visit = try community.open(as: "alice")
        try await visit.continueAsGuest()
        let visitor = await visit.viewer()
        XCTAssertEqual(visitor, .guest)
        try await visit.logOut()

        // …the member is back on the next start.
        let next = try community.open(as: "alice")
        let restored = await next.restoreSession()
        XCTAssertEqual(restored, .member(account))
    }

    func testProfileTermsAndNicknameUpdates() async throws {
        let bob = try community.open(as: "bob")
        _ = try await bob.signUp(SignUpRequest(identifier: "bob@example.com", password: "bob-password"))
        let updated = try await bob.updateProfile(nickname: "  밥  ", region: "강남구")
        XCTAssertEqual(updated.nickname, "밥")
        XCTAssertEqual(updated.region, "강남구")
        XCTAssertNil(updated.acceptedTermsVersion)
        let agreed = try await bob.acceptTerms(version: CommunityTerms.currentVersion)
        XCTAssertEqual(agreed.acceptedTermsVersion, CommunityTerms.currentVersion)
        await assertThrows(ChatError.invalidInput("No region named 부산. Regions: 마포구, 강남구, 종로구, 송파구, 관악구.")) {
            _ = try await bob.updateProfile(nickname: nil, region: "부산")
        }
    }

    func testFilesAreCreatedWithSafePermissions() throws {
        let directory = try TemporaryDirectory(prefix: "perms")
        let store = directory.file("new/dir/community.sqlite")
        _ = try LocalCommunity(storeURL: store, sessionFile: directory.file("session.json"))
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue }
        XCTAssertEqual(mode(store.path), 0o660)
        XCTAssertEqual(mode(store.deletingLastPathComponent().path), 0o700)
    }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows(_ expected: ChatError, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void) async {
    do {
        try await body()
        XCTFail("expected \(expected), nothing was thrown", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? ChatError, expected, file: file, line: line)
    }
}
