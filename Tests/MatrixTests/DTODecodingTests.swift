import ChatCore
import XCTest
@testable import Matrix

/// DTOs decode what a homeserver sends, and anything else becomes a readable error.
final class DTODecodingTests: XCTestCase {
    let server = URL(string: "http://127.0.0.1:9")!

    func client(_ answers: [ScriptedTransport.Answer]) -> (MatrixClient, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        return (MatrixClient(homeserver: server, transport: transport, accessToken: "secret-token"), transport)
    }

    func testSyncResponseDecodes() throws {
        let json = #"""
        {"next_batch":"s9_1","account_data":{"events":[{"type":"m.direct","content":{"@b:x":["!d"]}}]},
         "rooms":{"join":{"!r":{"timeline":{"events":[{"event_id":"$1","type":"m.room.message","sender":"@a:x",
           "origin_server_ts":1700000000000,"content":{"msgtype":"m.text","body":"안녕 👋"},"unsigned":{"transaction_id":"t1"}}],
           "limited":true,"prev_batch":"p1"},"state":{"events":[{"type":"m.room.name","state_key":"","sender":"@a:x","event_id":"$0",
           "origin_server_ts":1,"content":{"name":"lobby"}}]},"unread_notifications":{"notification_count":3}}},
          "invite":{"!i":{"invite_state":{"events":[{"type":"m.room.member","sender":"@b:x","state_key":"@a:x","content":{"membership":"invite","is_direct":true}}]}}}}}
        """#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(json.utf8))
        XCTAssertEqual(sync.next_batch, "s9_1")
        let room = try XCTUnwrap(sync.rooms?.join?["!r"])
        XCTAssertEqual(room.timeline?.limited, true)
        XCTAssertEqual(room.timeline?.prev_batch, "p1")
        XCTAssertEqual(room.unread_notifications?.notification_count, 3)
        let event = try XCTUnwrap(room.timeline?.events?.first)
        XCTAssertEqual(event.content.timeline?.message?.body, "안녕 👋")
        XCTAssertEqual(event.unsigned?.transaction_id, "t1")
        XCTAssertEqual(room.state?.events?.first?.content.json?.decode(as: NameContent.self)?.name, "lobby")
        let invite = try XCTUnwrap(sync.rooms?.invite?["!i"]?.invite_state?.events?.first)
        XCTAssertEqual(invite.content.decode(as: MemberContent.self)?.is_direct, true)
        XCTAssertEqual(sync.account_data?.events?.first?.content.decode(as: [String: [String]].self), ["@b:x": ["!d"]])
    }

    func testEmptySyncHasNoRooms() throws {
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(#"{"next_batch":"s2"}"#.utf8))
        XCTAssertNil(sync.rooms)
    }

    func testPowerLevelsDecideWhoPosts() throws {
        let json = #"{"users":{"@op:x":100},"users_default":0,"events":{"m.room.message":50},"events_default":0}"#
        let levels = try JSONDecoder().decode(PowerLevelsContent.self, from: Data(json.utf8))
        XCTAssertTrue(levels.canSendMessages("@op:x"))
        XCTAssertFalse(levels.canSendMessages("@someone:x"))
        XCTAssertTrue(PowerLevelsContent().canSendMessages("@someone:x"), "no power levels: everyone posts")
    }

    func testMalformedJSONIsAReadableError() async {
        let (client, _) = client([.init(status: 200, body: #"{"chunk": [{"room_id": "!a""#)])
        await assertChatError(try await client.publicRooms(limit: 5, since: nil)) { error in
            guard case .badResponse(let why) = error else { return XCTFail("got \(error)") }
            XCTAssertTrue(why.contains("publicRooms") && why.contains("not valid JSON"), why)
        }
    }

    func testMissingFieldNamesTheField() async {
        let (client, _) = client([.init(status: 200, body: #"{"chunk":[{"room_id":"!a","world_readable":true}]}"#)])
        await assertChatError(try await client.publicRooms(limit: 5, since: nil)) { error in
            XCTAssertEqual(error, .badResponse("GET /_matrix/client/v3/publicRooms: missing \"guest_can_join\" at chunk.[0]"))
        }
    }

    func testErrcodesBecomeTypedErrors() async {
        let cases: [(String, ChatError)] = [
            (#"{"errcode":"M_GUEST_ACCESS_FORBIDDEN","error":"Guest access not allowed"}"#, .denied(.guest)),
            (#"{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token"}"#, .denied(.notSignedIn)),
            (#"{"errcode":"M_USER_IN_USE","error":"User ID already taken."}"#, .accountExists("this user name")),
            (#"{"errcode":"M_FORBIDDEN","error":"nope\u001b[31m"}"#, .server(code: "M_FORBIDDEN", message: "nope^[[31m")),
            ("<html>Bad Gateway</html>", .badResponse("HTTP 403 from GET /_matrix/client/v3/joined_rooms")),
        ]
        for (body, expected) in cases {
            let (client, _) = client([.init(status: 403, body: body)])
            await assertChatError(try await client.joinedRooms()) { XCTAssertEqual($0, expected, body) }
        }
    }

    func testRegistrationNeedingMoreStagesSaysSo() async {
        let body = #"{"session":"s","flows":[{"stages":["m.login.recaptcha","m.login.email.identity"]}],"params":{}}"#
        let (client, _) = client([.init(status: 401, body: body)])
        await assertChatError(try await client.register(username: "a", password: "b")) { error in
            guard case .unsupported(let why) = error else { return XCTFail("got \(error)") }
            XCTAssertTrue(why.contains("m.login.recaptcha → m.login.email.identity"), why)
        }
    }

    func testRateLimitIsWaitedOutThenRetried() async throws {
        let limited = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":20}"#
        let (client, transport) = client([.init(status: 429, body: limited), .init(status: 429, body: limited),
                                          .init(status: 200, body: #"{"joined_rooms":["!a"]}"#)])
        let rooms = try await client.joinedRooms()
        XCTAssertEqual(rooms, ["!a"])
        XCTAssertEqual(transport.requests.count, 3)
    }

    func testLongRateLimitIsReportedNotWaited() async {
        let limited = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":333000}"#
        let (client, transport) = client([.init(status: 429, body: limited)])
        await assertChatError(try await client.joinedRooms()) { XCTAssertEqual($0, .rateLimited(retryAfterMilliseconds: 333000)) }
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testPathSegmentsArePercentEncodedAndTokenStaysInTheHeader() throws {
        let (client, _) = client([])
        let request = try client.makeRequest(.client(.put, "rooms", "#한국:localhost", "send", "m.room.message", "a/b?c d"))
        XCTAssertEqual(request.url?.absoluteString,
                       "http://127.0.0.1:9/_matrix/client/v3/rooms/%23%ED%95%9C%EA%B5%AD%3Alocalhost/send/m.room.message/a%2Fb%3Fc%20d")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer secret-token")
        XCTAssertFalse(request.url!.absoluteString.contains("secret-token"))
    }

    func testUnreachableServerIsOffline() async {
        let (client, _) = client([])
        await assertChatError(try await client.joinedRooms()) { XCTAssertEqual($0, .offline("cannot connect to the homeserver")) }
    }
}

/// Runs `body`, expecting a `MatrixError`, and hands its `ChatError` to `check`.
func assertChatError<T>(_ body: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line,
                        _ check: (ChatError) -> Void) async {
    do {
        _ = try await body()
        XCTFail("expected an error", file: file, line: line)
    } catch let error as MatrixError {
        check(error.chatError)
    } catch let error as ChatError {
        check(error)
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
}

/// Hostile input in a `/sync` answer: one malformed event or room costs only itself.
final class MalformedSyncTests: XCTestCase {
    func testAMalformedEventIsSkippedAndTheRestOfTheSyncKept() throws {
        let json = #"""
        {"next_batch":"s1","rooms":{"join":{
           "!good":{"timeline":{"events":[
             {"event_id":"$1","type":"m.room.message","sender":"@a:x","origin_server_ts":1,"content":{"msgtype":"m.text","body":"before"}},
             {"event_id":"$2","type":17,"sender":["@a:x"],"content":"not an object"},
             {"event_id":"$3"},
             "a bare string",
             {"event_id":"$4","type":"m.room.message","sender":"@a:x","origin_server_ts":2,"content":{"msgtype":"m.text","body":"after"}}]},
             "state":{"events":[{"type":"m.room.name","state_key":"","sender":"@a:x","content":{"name":"lobby"}},{"type":null}]},
             "ephemeral":{"events":[{"type":"m.receipt","content":{"$4":{"m.read":{"@me:x":{"ts":"soon"}}}}},{"content":{}}]}},
           "!broken":{"timeline":"nonsense","unread_notifications":{"notification_count":"many"}}},
          "invite":{"!i":{"invite_state":{"events":[{"type":"m.room.member"},{"type":"m.room.name","sender":"@b:x","state_key":"","content":{"name":"x"}}]}},
                    "!j":7}}}
        """#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(json.utf8))
        let room = try XCTUnwrap(sync.rooms?.join?["!good"])
        XCTAssertEqual(room.timeline?.events?.compactMap(\.event_id), ["$1", "$4"])
        XCTAssertEqual(room.state?.events?.count, 1)
        XCTAssertNil(sync.rooms?.join?["!broken"], "a room of the wrong shape is dropped")
        XCTAssertEqual(sync.rooms?.invite?["!i"]?.invite_state?.events?.count, 1)
        XCTAssertNil(sync.rooms?.invite?["!j"])
        XCTAssertEqual(ReadReceipts.newestRead(by: "@me:x", in: room.ephemeral?.events ?? []), "$4",
                       "a receipt with a malformed timestamp still says where the user read")
    }

    func testReceiptsOfOtherShapesAreIgnored() throws {
        let receipts: [AccountDataEvent] = [
            AccountDataEvent(type: "m.receipt", content: .array([.string("$x")])),
            AccountDataEvent(type: "m.receipt", content: .object(["$a": .string("m.read")])),
            AccountDataEvent(type: "m.receipt", content: .object(["$b": .object(["m.read": .object(["@other:x": .object([:])])])])),
            AccountDataEvent(type: "m.typing", content: .object(["$c": .object(["m.read": .object(["@me:x": .object([:])])])])),
            AccountDataEvent(type: "m.receipt", content: .object([
                "$old": .object(["m.read": .object(["@me:x": .object(["ts": .number(5)])])]),
                "$new": .object(["m.read.private": .object(["@me:x": .object(["ts": .number(9)])])]),
            ])),
        ]
        XCTAssertEqual(ReadReceipts.newestRead(by: "@me:x", in: receipts), "$new")
        XCTAssertNil(ReadReceipts.newestRead(by: "@me:x", in: Array(receipts.prefix(4))))
    }
}
