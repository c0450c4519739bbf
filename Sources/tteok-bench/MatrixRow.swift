import ChatCore
import Foundation
import Matrix
import ViewModels

/// Matrix: another account sends → the message is in a flushed frame, measured beyond the moment
/// the server's own `/sync` delivered it to a raw long-poll client (same viewer account, its own
/// device). tteok's path is the real one: its sync engine long-polls (curl), writes the cache, the
/// `ChatService` event stream wakes the chat model, the app loop draws and flushes to the pty.
@MainActor
enum MatrixRow {
    static let name = "Matrix: another account sends → visible, beyond the server's /sync delivery"
    static let messages = 50

    static func measure(_ context: BenchContext) async throws -> [BudgetRow] {
        guard let address = context.options.homeserver else {
            return [BudgetRow.noHomeserver(name, budget: 50)]
        }
        guard let server = URL(string: address) else { throw BenchError.usage("--homeserver \(address) is not a URL") }
        let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        let password = "bench-\(tag)-password"
        let sender = try await RawMatrix.register(server, name: "bench-sender-\(tag)", password: password)
        let room = "bench-\(tag)"
        let roomID = try await sender.createRoom(named: room)

        let home = context.options.dataDirectory.appendingPathComponent("matrix-\(tag)")
        defer { try? FileManager.default.removeItem(at: home) }
        let service = MatrixService(homeserver: server, sessionFile: home.appendingPathComponent("session.json"),
                                    cacheDirectory: home.appendingPathComponent("cache"))
        _ = try await service.signUp(SignUpRequest(identifier: "bench-viewer-\(tag)", password: password, nickname: "viewer", acceptTerms: true))
        let bench = BenchSession(service: service, startChannel: room)
        let frontEnd = try BenchFrontEnd(bench)
        await bench.session.start()
        try await waitUntil(seconds: 30) { chat(bench) != nil }
        try await frontEnd.settle()

        let raw = RawSyncPoller(try await RawMatrix.logIn(server, name: "bench-viewer-\(tag)", password: password))
        try await raw.start()
        defer { raw.stop() }
        var beyond = Samples()
        var delivery = Samples()
        for index in 0..<messages {
            let text = "bench \(tag) \(index)"
            frontEnd.mark = { shows(text, bench) }
            let count = frontEnd.frames.count
            let sent = MonotonicClock.nanoseconds()
            try await sender.send(text, to: roomID, transactionID: "\(tag)-\(index)")
            let frame = try await frontEnd.waitForFrame(after: count, seconds: 30) { $0.marked }
            try await waitUntil(seconds: 30) { raw.arrival(of: text) != nil }
            let arrived = raw.arrival(of: text)!
            beyond.append((Double(frame.end) - Double(arrived)) / 1e6)
            delivery.append(Double(arrived &- sent) / 1e6)
            // Both long-polls are asked again before the next message, so each one waits in /sync.
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        guard frontEnd.visibleText.contains("bench \(tag) \(messages - 1)") else { throw BenchError.failed("the last message is not on screen") }
        context.log(String(format: "Matrix: the server's own /sync delivery (send → raw long-poll answer): median %.1f ms, p95 %.1f ms",
                           delivery.median, delivery.p95))
        try? await service.logOut()
        return [BudgetRow(name, unit: .milliseconds, budget: 50, samples: beyond)]
    }

    private static func chat(_ bench: BenchSession) -> ChatModel? {
        try? bench.community().navigator.top.chatModel
    }

    /// True when the open chat's model holds the message (checked as each frame is drawn).
    private static func shows(_ text: String, _ bench: BenchSession) -> Bool {
        guard let lines = chat(bench)?.messages.value else { return false }
        return lines.suffix(5).contains { $0.message.content.summary == text }
    }
}
