import ChatCore
import Foundation
import Matrix
import MatrixCrypto

/// The end-to-end encryption budgets on a homeserver (issue 18), in `EncryptedRoomFixture`'s
/// room: tteok's first send to its 50 member devices, server round trips included; and the
/// real binary's resident memory with encryption on against off.
@MainActor
enum EncryptedRoomRows {
    static let firstSendName = "first send into a room with 50 member devices (Synapse: members, keys query and claim, Olm, to-device, send)"

    /// A new device of the sender per run (so every run is a first send: no Olm session, no room
    /// key), the room already synced as when the chat is open: `MatrixService.send` until the
    /// server took the message — the members read, their devices queried, 50 one-time keys
    /// claimed, 50 Olm sessions, the room key to each by to-device, the Megolm event sent. After
    /// each run one member device (another each time) shows it got the key and reads the text.
    static func firstSend(_ options: BenchOptions, log: @escaping @Sendable (String) -> Void) async throws -> BudgetRow {
        guard let fixture = try await EncryptedRoomFixture.shared(options, log: log) else { return .noHomeserver(firstSendName, budget: 1_000) }
        var samples = Samples()
        var syncTokens: [String: String] = [:]
        for run in 0..<options.runs {
            let sender = try await SenderDevice(fixture, options, name: "first-\(run)")
            let text = "first send \(run) 떡"
            let start = MonotonicClock.nanoseconds()
            let message = try await sender.service.send(text, to: ChannelID(fixture.roomID))
            samples.append(MonotonicClock.milliseconds(since: start))
            guard message.delivery == .delivered else { throw BenchError.failed("the first send was not delivered: \(message.delivery)") }
            let reader = fixture.devices[run % fixture.devices.count]
            try await read(text, on: reader, fixture, since: &syncTokens[reader.deviceID])
            try await sender.end()
        }
        return BudgetRow(firstSendName, unit: .milliseconds, budget: 1_000, samples: samples)
    }

    /// `device` learns the sender's devices, takes in its to-device messages and decrypts the
    /// room's new events: `text` must be among them.
    private static func read(_ text: String, on device: EncryptedRoomFixture.Device, _ fixture: EncryptedRoomFixture, since: inout String?) async throws {
        let query = try await EncryptedRoomFixture.call(device.session, "POST", "keys/query", body: .object(["device_keys": .object([fixture.senderName: .array([])])]))
        _ = try device.machine.learnDevices(of: fixture.senderName, query["device_keys"]?[fixture.senderName]?.object ?? [:])
        let filter = #"{"room":{"timeline":{"limit":50}}}"#
        var path = "sync?timeout=0&filter=" + RawMatrix.escaped(filter)
        if let since { path += "&since=" + RawMatrix.escaped(since) }
        let answer = try await EncryptedRoomFixture.call(device.session, "GET", path)
        since = answer["next_batch"]?.string
        guard case .array(let toDevice)? = answer["to_device"]?["events"] else { throw BenchError.failed("no to-device messages for \(device.deviceID)") }
        for event in toDevice {
            _ = device.machine.receive(ToDeviceEvent(type: event["type"]?.string ?? "", sender: event["sender"]?.string ?? "", content: event["content"] ?? .null))
        }
        guard case .array(let timeline)? = answer["rooms"]?["join"]?[fixture.roomID]?["timeline"]?["events"] else {
            throw BenchError.failed("the room's events did not reach \(device.deviceID)")
        }
        let encrypted = timeline.filter { $0["type"]?.string == "m.room.encrypted" }.map { event in
            MegolmCiphertext(roomID: fixture.roomID, eventID: event["event_id"]?.string ?? "", sender: event["sender"]?.string ?? "",
                             timestamp: event["origin_server_ts"]?.integer ?? 0, content: event["content"] ?? .null)
        }
        let bodies = device.machine.decrypt(encrypted).compactMap { try? $0.get().content["body"]?.string }
        guard bodies.contains(text) else { throw BenchError.failed("member device \(device.deviceID) could not read the first send (\(bodies.count) of \(encrypted.count) decrypted)") }
    }
}

/// tteok's Matrix backend in this process as one more device of the fixture's sender, its
/// first sync done (the room is known, as when its chat is open).
@MainActor
struct SenderDevice {
    let service: MatrixService
    let home: URL

    init(_ fixture: EncryptedRoomFixture, _ options: BenchOptions, name: String) async throws {
        home = options.dataDirectory.appendingPathComponent("e2e-sender-\(name)-\(UUID().uuidString)")
        service = MatrixService(homeserver: fixture.server, sessionFile: home.appendingPathComponent("session.json"),
                                cacheDirectory: home.appendingPathComponent("cache"))
        _ = try await service.logIn(identifier: fixture.senderName, password: EncryptedRoomFixture.password)
        await service.catchUp()
    }

    /// Logs the device out (the server forgets it and its keys, so the next sender's members are
    /// the same 50 devices) and removes its files.
    func end() async throws {
        try await service.logOut()
        try? FileManager.default.removeItem(at: home)
    }
}
