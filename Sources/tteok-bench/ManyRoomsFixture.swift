import Foundation

/// The account in 1,000 rooms the many-rooms rows measure, kept on the homeserver between runs:
/// a fixed viewer (terms agreed) in `roomCount` rooms named `bench-room-0001`…, the first with an
/// alias so the burst's sender can join it. A rerun logs in, counts the viewer's rooms and makes
/// only the missing ones (16 `createRoom` calls at a time), so after the first run it costs two
/// requests.
struct ManyRoomsFixture: Sendable {
    static let roomCount = 1_000
    static let viewerName = "bench-rooms-viewer"
    static let senderName = "bench-rooms-sender"
    /// A throwaway account on a test server: the password is not a secret.
    static let password = "bench rooms password"
    static let openRoomName = roomName(1)

    let server: URL
    let viewer: RawMatrix
    let sender: RawMatrix
    /// The room the burst goes into (the chat the client has open).
    let openRoomID: String

    static func roomName(_ number: Int) -> String { "bench-room-" + String(format: "%04d", number) }

    static func prepare(_ server: URL, log: @Sendable (String) -> Void) async throws -> ManyRoomsFixture {
        let viewer = try await RawMatrix.logInOrRegister(server, name: viewerName, password: password)
        try await viewer.acceptTerms()
        let have = try await viewer.joinedRoomCount()
        if have < roomCount {
            log("making \(roomCount - have) rooms for \(viewerName) (once; kept on the server)…")
            let start = MonotonicClock.nanoseconds()
            try await makeRooms(viewer, numbers: (have + 1)...roomCount)
            log(String(format: "rooms made in %.1f s", MonotonicClock.milliseconds(since: start) / 1000))
        }
        let sender = try await RawMatrix.logInOrRegister(server, name: senderName, password: password)
        let serverName = viewer.userID.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "localhost"
        let openRoomID = try await sender.join("#\(openRoomName):\(serverName)")
        return ManyRoomsFixture(server: server, viewer: viewer, sender: sender, openRoomID: openRoomID)
    }

    /// Makes the rooms numbered `numbers`, 16 requests in flight at a time.
    private static func makeRooms(_ viewer: RawMatrix, numbers: ClosedRange<Int>) async throws {
        let parallel = 16
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = numbers.lowerBound
            func add() {
                guard next <= numbers.upperBound else { return }
                let number = next
                next += 1
                group.addTask {
                    _ = try await viewer.createUnlistedRoom(named: roomName(number), alias: number == 1 ? roomName(1) : nil)
                }
            }
            for _ in 0..<parallel { add() }
            while try await group.next() != nil { add() }
        }
    }
}
