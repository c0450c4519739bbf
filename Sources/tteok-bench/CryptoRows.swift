import Foundation
import MatrixCrypto

/// End-to-end encryption budgets (issue 18), on the crypto store as tteok uses it: no server
/// (the network is not the budget's), devices of the bench's own (`BenchDevices`).
enum CryptoRows {
    static let historyEvents = 1_000

    /// A `/messages` page of 1,000 Megolm events, newest first as history pages come: each
    /// event's content from its JSON text, the page decrypted (with the replay records a first
    /// read writes), each plaintext content encoded again for the cache. A fresh reader per run,
    /// so every run is a first read of that history.
    static func decryption(_ options: BenchOptions, log: @Sendable (String) -> Void) throws -> BudgetRow {
        let devices = try BenchDevices(options)
        let sender = try devices.device("@sender:bench", "SENDER")
        let room = "!history:bench"
        let keepSession = RotationPolicy(periodMilliseconds: 604_800_000, periodMessages: Int64(historyEvents + 1))
        var page: [(id: String, json: Data)] = []
        let readers = try (0..<options.runs).map { run in
            let reader = try devices.device("@reader:bench", "READER\(run)")
            return (machine: reader, device: try devices.introduce(sender, to: reader))
        }
        try devices.shareRoomKey(sender, room: room, with: readers, rotation: keepSession)
        for index in 0..<historyEvents {
            let content = try sender.encrypt(room: room, type: "m.room.message", content: .object([
                "msgtype": .string("m.text"), "body": .string("history message number \(index) 떡볶이를 먹었어요"),
            ]))
            page.append(("$event\(index)", try JSONEncoder().encode(content)))
        }
        page.reverse()
        var samples = Samples(), cpu = Samples()
        for reader in readers.map(\.machine) {
            let start = MonotonicClock.nanoseconds(), started = MonotonicClock.processCPUNanoseconds()
            let ciphertexts = try page.map { event in
                MegolmCiphertext(roomID: room, eventID: event.id, sender: sender.identity.userID, timestamp: 1_000,
                                 content: try CryptoJSON(parsing: event.json))
            }
            var plaintexts = 0
            for result in reader.decrypt(ciphertexts) {
                plaintexts += try JSONEncoder().encode(try result.get().content).isEmpty ? 0 : 1
            }
            samples.append(MonotonicClock.milliseconds(since: start))
            cpu.append(Double(MonotonicClock.processCPUNanoseconds() - started) / 1e6)
            guard plaintexts == historyEvents else { throw BenchError.failed("\(plaintexts) of \(historyEvents) history events decrypted") }
        }
        log(String(format: "decryption: CPU per page (all threads) median %.1f ms, p95 %.1f ms", cpu.median, cpu.p95))
        return BudgetRow("decrypt 1,000 history events (a newest-first page, JSON to plaintext)", unit: .milliseconds, budget: 200, samples: samples)
    }

    static let memberDevices = 50

    /// The crypto part of the first send into a room whose members have 50 devices (10 users ×
    /// 5): their `/keys/query` answers checked and stored, an Olm session from each claimed
    /// one-time key, the new room key Olm-encrypted for all 50, the message Megolm-encrypted. The
    /// server's round trips are not in it. A new sender per run, so every run is a first send.
    static func firstSend(_ options: BenchOptions) throws -> BudgetRow {
        let devices = try BenchDevices(options)
        var published: [String: [String: CryptoJSON]] = [:], claimed: [String: [String: CryptoJSON]] = [:]
        for index in 0..<memberDevices {
            let user = "@member\(index / 5):bench", deviceID = "DEVICE\(index % 5)"
            let reader = try devices.device(user, deviceID)
            published[user, default: [:]][deviceID] = try reader.signedDeviceKeys()
            claimed[user, default: [:]][deviceID] = try reader.oneTimeKeysToUpload(serverCount: 0).values.first
        }
        var samples = Samples()
        for run in 0..<options.runs {
            let sender = try devices.device("@sender:bench", "FIRST\(run)")
            let start = MonotonicClock.nanoseconds()
            var members: [DeviceKeys] = []
            for (user, keys) in published.sorted(by: { $0.key < $1.key }) { members += try sender.learnDevices(of: user, keys) }
            let sessions = Dictionary(uniqueKeysWithValues: try sender.devicesWithoutOlmSession(members).compactMap { device in
                claimed[device.userID]?[device.deviceID].map { (device, $0) }
            })
            _ = try sender.startOlmSessions(sessions)
            let share = try sender.roomKeyShare(room: "!first:bench", devices: members, rotation: .default)
            try sender.markShared(share)
            _ = try sender.encrypt(room: "!first:bench", type: "m.room.message", content: .object(["msgtype": .string("m.text"), "body": .string("안녕")]))
            samples.append(MonotonicClock.milliseconds(since: start))
            guard share.messages.count == memberDevices else { throw BenchError.failed("the room key went to \(share.messages.count) of \(memberDevices) devices") }
        }
        return BudgetRow("first send to 50 member devices: the crypto (no server round trips)", unit: .milliseconds, budget: 1_000, samples: samples)
    }
}
