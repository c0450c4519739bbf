import ChatCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Saving an image message's bytes and handing them to the system viewer.
public enum ImageFiles {
    /// Writes `data` into `directory` under `fileName`, never overwriting: when the name is taken
    /// it tries `name-1.png`, `name-2.png`, … Returns where it went.
    public static func save(_ data: Data, as fileName: String, in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = safeName(fileName)
        let stem = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        for attempt in 0..<10_000 {
            let candidate = attempt == 0 ? name : "\(stem)-\(attempt)" + (suffix.isEmpty ? "" : ".\(suffix)")
            let url = directory.appendingPathComponent(candidate)
            // O_EXCL: a name taken, even by a file that appeared a moment ago, is never overwritten.
            let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor >= 0 {
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                try handle.write(contentsOf: data)
                try handle.close()
                return url
            }
            guard errno == EEXIST else { throw ChatError.storage("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        }
        throw ChatError.storage("no free name for \(name) in \(directory.path)")
    }

    /// Writes `data` to a private temporary file and starts `opener` (e.g. `xdg-open`) on it,
    /// with no terminal: the viewer's own output must not land on our screen.
    /// The viewer is looked up in `PATH` first: started through `env`, a missing one was only
    /// noticed after the fact, so the user saw "Opening…" and nothing happened.
    public static func open(_ data: Data, as fileName: String, with opener: [String], temporaryDirectory: URL,
                            path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> URL {
        guard let command = opener.first else { throw ChatError.unsupported("no image viewer configured") }
        guard let executable = executable(command, path: path) else { throw ChatError.unsupported("\(command) is not installed") }
        let directory = temporaryDirectory.appendingPathComponent("tteok-images-\(getuid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent(UUID().uuidString.prefix(8) + "-" + safeName(fileName))
        try data.write(to: file, options: .atomic)
        let process = Process()
        process.executableURL = executable
        process.arguments = opener.dropFirst() + [file.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return file
    }

    /// `command` as a runnable file: itself when it names a path, else the first match in `path`
    /// (the shell's default search list when there is none).
    static func executable(_ command: String, path: String?) -> URL? {
        let isRunnable = { (candidate: String) in FileManager.default.isExecutableFile(atPath: candidate) && !isDirectory(candidate) }
        if command.contains("/") { return isRunnable(command) ? URL(fileURLWithPath: command) : nil }
        let directories = (path?.isEmpty == false ? path! : "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(command)" }.first(where: isRunnable).map { URL(fileURLWithPath: $0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// A file name from someone else, safe as one path component: no folders, no hidden file,
    /// no control characters.
    static func safeName(_ fileName: String) -> String {
        let last = fileName.split(separator: "/").last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.map { $0.properties.generalCategory == .control ? "_" : Character($0) })
        let trimmed = cleaned.drop { $0 == "." }
        return trimmed.isEmpty ? "image" : String(trimmed.prefix(200))
    }
}
