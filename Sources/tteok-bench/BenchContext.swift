import Foundation

/// What every row needs: the options, the working copy of the store and the viewer's session.
struct BenchContext: Sendable {
    let options: BenchOptions
    let store: BenchStore
    /// A copy of the cached store this run may change.
    let storeURL: URL
    let sessionFile: URL
    /// Progress lines on standard error (the table alone goes to standard output).
    let log: @Sendable (String) -> Void

    /// Copies the cached store and saves a viewer session for it.
    static func prepare(_ options: BenchOptions, log: @escaping @Sendable (String) -> Void) async throws -> BenchContext {
        let store = BenchStore(directory: options.dataDirectory, perChannel: options.perChannel)
        let seconds = try await store.prepare(log: log)
        if seconds > 0 { log(String(format: "generated in %.1f s", seconds)) }
        let storeURL = try store.workingCopy(named: "work.sqlite")
        let sessionFile = options.dataDirectory.appendingPathComponent("session.json")
        try await BenchSession.saveSession(storeURL: storeURL, sessionFile: sessionFile)
        return BenchContext(options: options, store: store, storeURL: storeURL, sessionFile: sessionFile, log: log)
    }

    /// A new user of the store as the app would build one.
    @MainActor
    func session(startChannel: String? = nil) throws -> BenchSession {
        try BenchSession(storeURL: storeURL, sessionFile: sessionFile, startChannel: startChannel)
    }

    var runs: Int { options.runs }
}
