import ChatCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The folder images are written to before a viewer opens them: made by `mkdtemp` (a name no
/// one can guess or make first, mode 0700) under a base that no other user can rename things
/// in, and checked with `lstat` each time before a file goes in — ours, a real directory (not a
/// symbolic link), 0700 — else refused with a clear error. A fixed name such as
/// `/tmp/tteok-images-<uid>` could be made first by another user and then read or swapped.
enum PrivateFolder {
    /// The folder made in each base this process, reused while it passes the checks.
    private static let made = Mutex<[String: String]>([:])

    static func folder(under base: URL) throws -> URL {
        let basePath = base.standardizedFileURL.path
        if let known = made.withLock({ $0[basePath] }) {
            try requirePrivate(known)
            return URL(fileURLWithPath: known, isDirectory: true)
        }
        try requireSafeBase(basePath)
        var template = Array((basePath + "/tteok-images-XXXXXX").utf8CString)
        guard let madePath = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw ChatError.storage("cannot make a private folder in \(basePath): \(String(cString: strerror(errno)))")
        }
        try requirePrivate(madePath)
        made.withLock { $0[basePath] = madePath }
        return URL(fileURLWithPath: madePath, isDirectory: true)
    }

    /// `path` is a directory (not a link), owned by us, readable by no one else.
    static func requirePrivate(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw refusal(path, "it cannot be checked: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refusal(path, "it is not a directory (a link or a file)") }
        guard info.st_uid == geteuid() else { throw refusal(path, "it belongs to user \(info.st_uid)") }
        let mode = info.st_mode & 0o7777
        guard mode == 0o700 else { throw refusal(path, "its mode is \(String(mode, radix: 8)), not 700") }
    }

    /// A base others may write in must be sticky (like `/tmp`, 1777), so they cannot rename or
    /// remove our folder; else it must be our own. Either way a real directory, not a link.
    static func requireSafeBase(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw refusal(path, "it cannot be checked: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw refusal(path, "it is not a directory (a link or a file)") }
        let othersWrite = info.st_mode & 0o022 != 0
        guard !othersWrite || info.st_mode & S_ISVTX != 0 else {
            throw refusal(path, "others may write in it (mode \(String(info.st_mode & 0o7777, radix: 8)), not sticky)")
        }
        guard othersWrite || info.st_uid == geteuid() || info.st_uid == 0 else { throw refusal(path, "it belongs to user \(info.st_uid)") }
    }

    private static func refusal(_ path: String, _ why: String) -> ChatError {
        .storage("refusing to write the image in \(path): \(why)")
    }
}
