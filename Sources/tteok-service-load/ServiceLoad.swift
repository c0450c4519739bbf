import ChatCore
import CommunityClient
import Foundation
import Glibc

/// One load run: a real service, many subscribed clients posting together, every delivery timed.
final class ServiceLoad: Sendable {
    let options: LoadOptions
    private let sentAt = Mutex([String: Double]())
    private let latencies = Mutex([Double]())
    private let deliveries = Mutex(0)

    init(_ options: LoadOptions) { self.options = options }

    func run() async throws -> Bool {
        let folder = options.directory ?? NSTemporaryDirectory() + "tteok-load-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = folder + "/community.sqlite", socket = folder + "/s.sock"
        let service = try ServiceChild(tteok: options.tteok, store: store, socket: socket)
        defer { service.stop() }
        log("service up; signing up \(options.clients) clients…")
        var clients: [ServiceCommunity] = []
        for index in 0..<options.clients {
            let client = ServiceCommunity(socketPath: socket, sessionFile: URL(fileURLWithPath: folder + "/session-\(index).json"), keepsOutbox: false)
            _ = try await client.signUp(SignUpRequest(identifier: "load\(index)@example.com", password: "load-password-\(index)",
                                                      nickname: "load\(index)", region: "마포구", acceptTerms: true))
            clients.append(client)
        }
        let connected = clients
        let listeners = connected.map(listen)
        defer { listeners.forEach { $0.cancel() } }
        guard await waitFor(seconds: 30, { connected.allSatisfy(\.receivesLiveEvents) }) else { throw ChatError.offline("not every client subscribed") }
        let channel = try await clients[0].channel(named: "마포구").id
        let posts = Int(options.rate * options.seconds)
        log("posting \(posts) messages at \(options.rate)/s for \(Int(options.seconds)) s…")
        let acknowledged = try await post(posts, from: clients, to: channel)
        let expected = posts * options.clients
        _ = await waitFor(seconds: 20) { self.deliveries.withLock { $0 } >= expected }
        let stored = try Self.storedCount(store)
        return report(posts: posts, acknowledged: acknowledged, stored: stored, expected: expected)
    }

    /// Posts in turn from each client at the overall rate, each send timed; the number acknowledged.
    private func post(_ count: Int, from clients: [ServiceCommunity], to channel: ChannelID) async throws -> Int {
        let start = Self.now()
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            for number in 0..<count {
                let due = start + Double(number) / options.rate
                let wait = due - Self.now()
                if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
                let client = clients[number % clients.count], text = "load \(number)"
                group.addTask {
                    self.sentAt.withLock { $0[text] = Self.now() }
                    return (try? await client.send(text, to: channel)) != nil
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    private func listen(_ client: ServiceCommunity) -> Task<Void, Never> {
        let events = client.events()
        return Task {
            for await event in events {
                guard case .messagesAdded(_, let messages) = event else { continue }
                let now = Self.now()
                for message in messages {
                    guard case .text(let text) = message.content, let sent = sentAt.withLock({ $0[text] }) else { continue }
                    latencies.withLock { $0.append(now - sent) }
                    deliveries.withLock { $0 += 1 }
                }
            }
        }
    }

    private func report(posts: Int, acknowledged: Int, stored: Int, expected: Int) -> Bool {
        let sorted = latencies.withLock { $0 }.sorted()
        func percentile(_ p: Double) -> Double { sorted.isEmpty ? .infinity : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
        let delivered = sorted.count
        let lost = (posts - acknowledged) + (posts - stored) + (expected - delivered)
        let passed = lost == 0 && percentile(0.99) <= 100
        print(String(format: "clients %d, posts %d at %.0f/s for %.0f s: acknowledged %d, stored %d, pushed %d of %d",
                     options.clients, posts, options.rate, options.seconds, acknowledged, stored, delivered, expected))
        print(String(format: "live delivery: median %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms",
                     percentile(0.5), percentile(0.95), percentile(0.99), sorted.last.map { $0 * 1000 } ?? .infinity))
        print("\(passed ? "PASS" : "FAIL"): lost \(lost) (budget 0), p99 \(String(format: "%.1f", percentile(0.99))) ms (budget 100 ms)")
        return passed
    }

    /// Posts of this run in the file, read with sqlite3 while the service runs (WAL readers are fine).
    private static func storedCount(_ store: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store, "SELECT count(*) FROM messages WHERE body GLOB 'load *'"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    private func waitFor(seconds: Double, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
        let end = Self.now() + seconds
        while Self.now() < end {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return condition()
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func log(_ text: String) { FileHandle.standardError.write(Data("tteok-service-load: \(text)\n".utf8)) }
}

/// The real `tteok serve` as a child process, stopped with SIGTERM.
final class ServiceChild: Sendable {
    private let process: Process

    init(tteok: String, store: String, socket: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: tteok)
        process.arguments = ["serve", "--store", store, "--socket", socket]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let end = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < end, process.isRunning else { throw ChatError.offline("tteok serve did not start") }
            usleep(20_000)
        }
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
