import Foundation

/// A home for the real `tteok` binary the benchmark runs: fresh XDG folders, so no user
/// configuration or session is read, and the viewer's session saved there by `tteok login`.
enum BenchHome {
    /// A fresh HOME named `name` under the data directory; the environment to run tteok in.
    static func prepare(_ context: BenchContext, named name: String) throws -> [String: String] {
        let home = context.options.dataDirectory.appendingPathComponent(name).standardizedFileURL
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "XDG_DATA_HOME": home.path + "/data",
                "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache",
                "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// `tteok login` as the viewer on `backend` (`--store FILE` or `--socket PATH`); the password
    /// goes through standard input, never argv.
    static func logIn(_ executable: String, backend: [String], _ environment: [String: String]) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["login"] + backend + ["--email", BenchStore.viewerEmail, "--password-stdin"]
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((BenchStore.viewerPassword + "\n").utf8))
        try input.fileHandleForWriting.close()
        await Task.detached { process.waitUntilExit() }.value
        guard process.terminationStatus == 0 else { throw BenchError.failed("tteok login exited \(process.terminationStatus)") }
    }
}
