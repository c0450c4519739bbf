import Foundation

/// A fresh HOME for the real `tteok` binary (XDG directories inside it), so no user configuration,
/// session or cache of the person running the benchmark is read, and the commands run in it.
struct BenchHome: Sendable {
    let directory: URL

    /// Empties `directory` and makes it the home.
    init(_ directory: URL) throws {
        self.directory = directory
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var cacheDirectory: URL { directory.appendingPathComponent("cache") }

    var environment: [String: String] {
        let home = directory.path
        return ["HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data",
                "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// Runs a `tteok` command here and waits for it; `stdin` is its first input line (a password
    /// goes there, never in argv). Returns its standard output; a non-zero exit throws.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], stdin: String? = nil) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data((stdin + "\n").utf8)) }
        try input.fileHandleForWriting.close()
        let data = await Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        await Task.detached { process.waitUntilExit() }.value
        guard process.terminationStatus == 0 else {
            throw BenchError.failed("tteok \(arguments.first ?? "") exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Deletes the Matrix caches in this home, keeping the crypto stores (the device's identity
    /// stays the one the server knows): the next start is a cold one.
    func removeMatrixCaches() {
        guard let files = FileManager.default.enumerator(at: cacheDirectory, includingPropertiesForKeys: nil) else { return }
        for case let file as URL in files {
            let name = file.lastPathComponent
            guard !name.contains(".crypto"), name.hasSuffix(".sqlite") || name.hasSuffix(".sqlite-wal") || name.hasSuffix(".sqlite-shm") else { continue }
            try? FileManager.default.removeItem(at: file)
        }
    }
}
