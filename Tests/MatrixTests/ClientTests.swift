import ChatCore
import TestSupport
import XCTest
@testable import Matrix

/// The HTTP client against the real test Synapse.
final class ClientTests: XCTestCase {
    func testRegisterLogInAndWrongPassword() async throws {
        let server = try SynapseServer.url()
        let client = MatrixClient(homeserver: server, transport: CurlTransport())
        let name = SynapseServer.randomName()
        let registered = try await client.register(username: name, password: "pw-\(name)")
        XCTAssertEqual(registered.user_id, "@\(name):localhost")
        let session = try await client.logIn(user: name, password: "pw-\(name)")
        XCTAssertEqual(session.user_id, registered.user_id)
        XCTAssertNotEqual(session.device_id, registered.device_id)
        do {
            _ = try await client.logIn(user: name, password: "wrong")
            XCTFail("a wrong password logged in")
        } catch MatrixError.api(403, "M_FORBIDDEN", _, _) {}
        await assertChatError(try await client.register(username: name, password: "x")) { XCTAssertEqual($0, .accountExists("this user name")) }
    }

    func testAliasWithHashAndTransactionIDWithSlashAreEncoded() async throws {
        let server = try SynapseServer.url()
        let user = try await SynapseUser.register(on: server)
        let transport = RecordingTransport()
        let client = MatrixClient(homeserver: server, transport: transport, accessToken: user.accessToken)
        let alias = SynapseServer.randomName("alias")
        let room = try await client.createRoom(CreateRoomRequest(preset: "public_chat", room_alias_name: alias))
        let resolved = try await client.resolveAlias("#\(alias):localhost")
        XCTAssertEqual(resolved, room)
        let first = try await client.send(MessageEventContent(msgtype: "m.text", body: "one"), to: room, transactionID: "a/b#c")
        let again = try await client.send(MessageEventContent(msgtype: "m.text", body: "one"), to: room, transactionID: "a/b#c")
        XCTAssertEqual(first, again, "same transaction id, same event")
        for request in transport.requests {
            XCTAssertFalse(request.url!.absoluteString.contains(user.accessToken), "token leaked into \(request.url!)")
        }
    }

    func testGuestRegistersWithEmptyBody() async throws {
        let server = try SynapseServer.url()
        let guest = try await MatrixClient(homeserver: server, transport: CurlTransport()).registerGuest()
        let localpart = guest.user_id.dropFirst().prefix { $0 != ":" }
        XCTAssertTrue(!localpart.isEmpty && localpart.allSatisfy(\.isNumber), "guest ids are numeric: \(guest.user_id)")
        let client = MatrixClient(homeserver: server, transport: CurlTransport(), accessToken: guest.access_token)
        await assertChatError(try await client.createRoom(CreateRoomRequest(preset: "public_chat"))) { XCTAssertEqual($0, .denied(.guest)) }
    }
}
