import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Sign-up, log-in, sessions and the member's profile through `MatrixService`.
final class AccountTests: XCTestCase {
    func testSignUpLogInWrongPasswordAndProfileFields() async throws {
        let fixture = try MatrixFixture()
        let name = SynapseServer.randomName("su")
        let signUp = fixture.service("a")
        let account = try await signUp.signUp(SignUpRequest(identifier: name, password: "pw-1", nickname: "민지", region: "마포구", acceptTerms: true))
        XCTAssertEqual(account.id, UserID("@\(name):localhost"))
        XCTAssertEqual(account.nickname, "민지")
        XCTAssertEqual(account.region, "마포구")
        XCTAssertEqual(account.acceptedTermsVersion, CommunityTerms.currentVersion)

        let other = fixture.service("b")
        let loggedIn = try await other.logIn(identifier: "@\(name):localhost", password: "pw-1")
        XCTAssertEqual(loggedIn, account, "nickname (display name), region and terms come from the server")
        await assertThrows(.wrongPassword) { _ = try await fixture.service("c").logIn(identifier: name, password: "nope") }
        await assertThrows(.accountExists("this user name")) {
            _ = try await fixture.service("d").signUp(SignUpRequest(identifier: name, password: "x"))
        }
        await assertThrows(.unsupported("This Matrix homeserver signs up by user name, not email: use --username NAME.")) {
            _ = try await fixture.service("e").signUp(SignUpRequest(identifier: "a@example.com", password: "x"))
        }
        await fixture.close()
    }

    func testSessionIsSavedPrivatelyRestoredAndLoggedOut() async throws {
        let fixture = try MatrixFixture()
        let (service, user) = try await fixture.member("m")
        let file = fixture.directory.file("m/session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let restarted = fixture.service("m")
        guard case .member(let account) = await restarted.restoreSession() else { return XCTFail("session not restored") }
        XCTAssertEqual(account.id.raw, user.userID)
        let session = try XCTUnwrap(SecretFile<MatrixSession>(url: file).load())
        XCTAssertFalse(session.description.contains(session.accessToken), "descriptions never print the token")

        try await restarted.logOut()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        let viewer = await restarted.viewer()
        XCTAssertEqual(viewer, .guest)
        let client = MatrixClient(homeserver: fixture.server, transport: URLSessionTransport(), accessToken: session.accessToken)
        await assertThrows(.denied(.notSignedIn)) { _ = try await client.joinedRooms() }
        _ = service
        await fixture.close()
    }
}

/// Asserts that `body` throws exactly `expected` (a `ChatError`, or a `MatrixError` mapping to it).
func assertThrows(_ expected: ChatError, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void) async {
    do {
        try await body()
        XCTFail("expected \(expected)", file: file, line: line)
    } catch let error as ChatError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch let error as MatrixError {
        XCTAssertEqual(error.chatError, expected, file: file, line: line)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
}
