import Foundation

/// Another account sends 1,000 messages into the room the real `tteok` binary has open (on a pty,
/// the 1,000-room account), 16 requests in flight as fast as the server takes them: tteok's CPU
/// time (user + system, `/proc`) from the first send until the last message reached the terminal,
/// per message. The whole live path is in it: the sync answer, decoding, the cache, the change
/// event, the chat model and the frame.
@MainActor
enum LiveBurstRow {
    nonisolated static let count = 1_000
    nonisolated static let inFlight = 16

    static func measure(_ options: BenchOptions, log: @escaping @Sendable (String) -> Void) async throws -> [BudgetRow] {
        let name = "1,000-message burst into the open room: client CPU per message"
        guard let start = try await ManyRoomsRows.start(options, home: "rooms-burst", log: log) else {
            return [ManyRoomsRows.skipped(name, budget: 0.4)]
        }
        // The cache filled with every room, as a client running for a while has it: a script
        // catches up with the whole first sync. Otherwise the first run's client would take in
        // the initial `/sync` of 1,000 rooms during its burst (start-up, not per message).
        try await start.home.run(start.executable, start.arguments + ["channels"])
        var perMessage = Samples()
        var wall = Samples()
        for _ in 0..<min(options.runs, 3) {
            let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
            let last = lastMessage(tag)
            let running = try RunningClient(start.executable, arguments: start.arguments + ["--channel", ManyRoomsFixture.openRoomName],
                                            environment: start.home.environment,
                                            watching: [ManyRoomsFixture.openRoomName, last])
            defer { running.quit() }
            try await running.waitForQuiet(showing: ManyRoomsFixture.openRoomName, seconds: 120)
            // A cold start's background fill (the rest of the 1,000 rooms) is start-up, not burst.
            try await running.waitForIdleCPU()
            guard let before = ProcessStats.cpuSeconds(pid: running.pid) else { throw BenchError.failed("tteok is gone") }
            let sending = MonotonicClock.nanoseconds()
            try await send(start.fixture, tag: tag)
            try await waitUntil(seconds: 120) { running.pty.sighting(of: last) != nil }
            // The 16 in flight may land out of order: the burst is over when the screen is still.
            try await running.waitForQuiet(showing: last, seconds: 120)
            guard let after = ProcessStats.cpuSeconds(pid: running.pid) else { throw BenchError.failed("tteok is gone") }
            perMessage.append((after - before) * 1000 / Double(count))
            wall.append(MonotonicClock.milliseconds(since: sending))
            log(String(format: "burst %d: %.3f ms of CPU per message, shown in %.1f s", perMessage.count,
                       perMessage.values.last ?? 0, (wall.values.last ?? 0) / 1000))
        }
        log(String(format: "burst: %d messages sent and shown in %.1f s median", count, wall.median / 1000))
        return [BudgetRow(name, unit: .milliseconds, budget: 0.4, samples: perMessage)]
    }

    /// The burst's last message, sent after all others: capital letters only, so it shares no
    /// cell with the `burst-…` line it replaces on screen and the terminal receives it whole
    /// (the screen writes only changed cells).
    private static func lastMessage(_ tag: String) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return "LASTOFBURST" + String(tag.unicodeScalars.map { letters[Int($0.value) % letters.count] })
    }

    /// Sends `burst-TAG-1` … `burst-TAG-999`, `inFlight` at a time, then the last message.
    private static func send(_ fixture: ManyRoomsFixture, tag: String) async throws {
        let sender = fixture.sender
        let room = fixture.openRoomID
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 1
            func add() {
                guard next < count else { return }
                let number = next
                next += 1
                group.addTask { try await sender.send("burst-\(tag)-\(number)", to: room, transactionID: "\(tag)-\(number)") }
            }
            for _ in 0..<inFlight { add() }
            while try await group.next() != nil { add() }
        }
        try await sender.send(lastMessage(tag), to: room, transactionID: "\(tag)-last")
    }
}
