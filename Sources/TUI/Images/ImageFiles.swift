import ChatCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Saving an image message's bytes and handing them to the system viewer. The bytes come from
/// whoever posted them, so only what sniffs as one of our image types is written, always under
/// that type's extension: a `.desktop` file posted as a picture never reaches `xdg-open`.
public enum ImageFiles {
    /// Writes `data` into `directory` under a safe form of `fileName`, never overwriting: when the
    /// name is taken it tries `name-1.png`, `name-2.png`, … Returns where it went.
    public static func save(_ data: Data, as fileName: String, in directory: URL) throws -> URL {
        try write(data, named: try safeName(fileName, for: data), in: directory)
    }

    /// Writes `data` under `name` (already made safe) in `directory`, never overwriting, 0644.
    static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stem = PathText.deletingExtension(name)
        let suffix = PathText.pathExtension(name)
        for attempt in 0..<10_000 {
            let candidate = attempt == 0 ? name : "\(stem)-\(attempt).\(suffix)"
            let url = directory.appendingPathComponent(candidate)
            // O_EXCL: a name taken, even by a file that appeared a moment ago, is never overwritten.
            let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
            if descriptor >= 0 {
                defer { _ = close(descriptor) }
                try DescriptorWriting.writeAll(data, to: descriptor)
                return url
            }
            guard errno == EEXIST else { throw ChatError.storage("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        }
        throw ChatError.storage("no free name for \(name) in \(directory.path)")
    }

    /// Writes `data` to a file in a private folder of our own under `temporaryDirectory` (see
    /// `PrivateFolder`) and starts `opener` (e.g. `xdg-open`) on it, with no terminal: the
    /// viewer's own output must not land on our screen. The viewer is looked up in `PATH` first:
    /// started through `env`, a missing one was only noticed after the fact.
    public static func open(_ data: Data, as fileName: String, with opener: [String], temporaryDirectory: URL,
                            path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> URL {
        let name = try safeName(fileName, for: data)
        guard let command = opener.first else { throw ChatError.unsupported("no image viewer configured") }
        guard let executable = executable(command, path: path) else { throw ChatError.unsupported("\(command) is not installed") }
        let directory = try PrivateFolder.folder(under: temporaryDirectory)
        let file = directory.appendingPathComponent(UUID().uuidString.prefix(8) + "-" + name)
        let descriptor = Glibc.open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw ChatError.storage("cannot write \(file.path): \(String(cString: strerror(errno)))") }
        do {
            defer { _ = close(descriptor) }
            try DescriptorWriting.writeAll(data, to: descriptor)
        }
        try BackgroundProgram.start(executable.path, opener.dropFirst() + [file.path])
        return file
    }

    /// Where `o` writes by default: `$XDG_RUNTIME_DIR` (the user's own, 0700), else the temporary
    /// directory.
    public static func temporaryBase(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return URL(fileURLWithPath: runtime) }
        return FileManager.default.temporaryDirectory
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
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The name an image from someone else is written under: refused unless `data` sniffs as one
    /// of our image types; then the sender's stem without control or format characters (bidi
    /// overrides included, so `photo<RLO>gnp.desktop` cannot pass for a PNG), path separators or
    /// leading dots, plus the extension of the type the bytes really are.
    public static func safeName(_ fileName: String, for data: Data) throws -> String {
        guard let format = ImageFormat(sniffing: data) else {
            throw ChatError.invalidInput("\(InertText.sanitize(fileName)) is not an image (\(ImageFormat.supportedList)).")
        }
        return safeStem(fileName) + "." + format.fileExtension
    }

    static func safeStem(_ fileName: String, fallback: String = "image") -> String {
        let removed: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse]
        let kept = fileName.unicodeScalars.filter { !removed.contains($0.properties.generalCategory) && $0 != "/" && $0 != "\\" }
        let cleaned = String(String.UnicodeScalarView(kept)).drop { $0 == "." || $0 == " " }
        let stem = PathText.deletingExtension(String(cleaned)).trimmingWhitespace()
        return stem.isEmpty ? fallback : String(stem.prefix(120))
    }
}
