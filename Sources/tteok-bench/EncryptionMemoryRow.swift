import ChatCore
import Foundation
import Matrix

/// The real `tteok` binary's steady resident memory in the fixture's encrypted room (50 member
/// devices, `history` messages it decrypted), with end-to-end encryption on against off: the
/// same binary, account, device, cache and screen; off is tteok as it runs when its key store
/// cannot be opened (no crypto store, no libolm account, nothing decrypted), which the bench
/// brings about by putting a file where the store's folder is — and checks by the notice tteok
/// prints then. Runs alternate off and on; each sample is one pair's difference.
@MainActor
enum EncryptionMemoryRow {
    static let name = "resident memory: encryption on minus off (tteok in the encrypted room, steady)"
    static let history = 100
    static let pairs = 3
    static let offNotice = "end-to-end encryption is off"

    static func measure(_ options: BenchOptions, log: @escaping @Sendable (String) -> Void) async throws -> BudgetRow {
        guard let fixture = try await EncryptedRoomFixture.shared(options, log: log) else { return .noHomeserver(name, budget: 10, unit: .megabytes) }
        let home = try BenchHome(options.dataDirectory.appendingPathComponent("e2e-memory"))
        let executable = options.tteokExecutable, arguments = ["--homeserver", fixture.server.absoluteString]
        let viewer = fixture.devices[0].session.userID
        try await home.run(executable, arguments + ["login", "--username", viewer, "--password-stdin"], stdin: EncryptedRoomFixture.password)
        let open = arguments + ["--channel", fixture.roomName]
        // No space inside: a fresh screen draws it whole (a live one only redraws the cells that
        // changed, so a new line below a similar one never shows its text whole).
        let last = "memory-\(history - 1)"
        try await sendHistory(fixture, options, executable, open, home)
        var on = Samples(), off = Samples(), difference = Samples()
        for _ in 0..<pairs {
            let without = try await steadyMegabytes(executable, open, home, showing: last, encryption: false)
            let with = try await steadyMegabytes(executable, open, home, showing: last, encryption: true)
            off.append(without)
            on.append(with)
            difference.append(with - without)
        }
        try await home.run(executable, arguments + ["logout"])
        log(String(format: "resident memory in the encrypted room: on median %.1f MB, off median %.1f MB", on.median, off.median))
        return BudgetRow(name, unit: .megabytes, budget: 10, samples: difference)
    }

    /// A first start publishes the device's keys; the history the sender sends then is for it
    /// too, and this tteok decrypts it into its cache.
    private static func sendHistory(_ fixture: EncryptedRoomFixture, _ options: BenchOptions, _ executable: String, _ arguments: [String],
                                    _ home: BenchHome) async throws {
        let first = try RunningClient(executable, arguments: arguments, environment: home.environment, watching: [fixture.roomName])
        defer { first.quit() }
        try await first.waitForQuiet(showing: fixture.roomName, seconds: 120)
        let sender = try await SenderDevice(fixture, options, name: "memory")
        for index in 0..<history { _ = try await sender.service.send("memory-\(index) 떡볶이를 먹었어요", to: ChannelID(fixture.roomID)) }
        try await sender.end()
        // Each send returned once delivered; the client shows them as its sync brings them.
        try await first.waitForQuiet(showing: fixture.roomName, seconds: 120)
    }

    /// Starts tteok in the room, waits for `text` and quiet, and reads its steady resident size.
    private static func steadyMegabytes(_ executable: String, _ arguments: [String], _ home: BenchHome, showing text: String,
                                        encryption: Bool) async throws -> Double {
        let keys = try keyFolder(in: home)
        let aside = keys.appendingPathExtension("bench-off")
        if !encryption { try FileManager.default.moveItem(at: keys, to: aside) }
        defer {
            if !encryption {
                try? FileManager.default.removeItem(at: keys)
                try? FileManager.default.moveItem(at: aside, to: keys)
            }
        }
        if !encryption, !FileManager.default.createFile(atPath: keys.path, contents: Data()) { throw BenchError.failed("cannot write \(keys.path)") }
        let running = try RunningClient(executable, arguments: arguments, environment: home.environment, watching: [text, offNotice])
        defer { running.quit() }
        try await running.waitForQuiet(showing: text, seconds: 120)
        guard (running.pty.sighting(of: offNotice) != nil) == !encryption else {
            throw BenchError.failed(encryption ? "tteok ran without encryption" : "tteok opened its key store though it was moved away")
        }
        return try await running.steadyResidentMegabytes()
    }

    /// The folder tteok keeps the account's key store in (`keys` beside the session file).
    private static func keyFolder(in home: BenchHome) throws -> URL {
        let files = FileManager.default.enumerator(at: home.directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent == "keys", FileManager.default.fileExists(atPath: file.appendingPathComponent("matrix").path) { return file }
        }
        throw BenchError.failed("no key store folder in \(home.directory.path)")
    }
}
