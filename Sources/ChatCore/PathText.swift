import Glibc

/// Path arithmetic on strings with NSString's results (`lastPathComponent`, `pathExtension`,
/// `expandingTildeInPath`, …), without NSString: bridging to it links CoreFoundation and ICU's
/// 34 MB of data into the binary. `PathTextTests` holds each against NSString itself.
public enum PathText {
    /// "b" of "/a/b/"; "/" of "/"; "" of "".
    public static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// "/a" of "/a/b"; "/" of "/a"; "" of "a".
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// `component` after `path`, one slash between them.
    public static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// "gz" of "a.tar.gz"; "" of ".bashrc", "a." and "dir.d/file".
    public static func pathExtension(_ path: String) -> String {
        let last = lastComponent(path)
        guard let dot = extensionDot(last) else { return "" }
        return String(last[last.index(after: dot)...])  // "" after a last dot
    }

    /// "a.tar" of "a.tar.gz"; "a" of "a."; ".bashrc" as it is.
    public static func deletingExtension(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        let last = lastComponent(trimmed)
        guard extensionDot(last) != nil, let dot = trimmed.lastIndex(of: ".") else { return trimmed }
        return String(trimmed[..<dot])
    }

    /// "~/x" and "~user/x" with the account's home folder from the password database, as
    /// NSString does (not `$HOME`), without trailing slashes; anything else as it is.
    public static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let rest = path.dropFirst()
        let user = rest.prefix { $0 != "/" }
        guard let home = user.isEmpty ? accountHome() : accountHome(named: String(user)) else { return path }
        let tail = rest.dropFirst(user.count)
        return withoutTrailingSlashes(withoutTrailingSlashes(home) + tail)
    }

    /// The path of this process's own executable (`/proc/self/exe`), as `Bundle.main` gave it.
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The running user's home folder from the password database.
    public static func accountHome() -> String? {
        home { pwd, buffer, size, result in getpwuid_r(getuid(), &pwd, buffer, size, &result) }
    }

    private static func accountHome(named name: String) -> String? {
        home { pwd, buffer, size, result in getpwnam_r(name, &pwd, buffer, size, &result) }
    }

    private static func home(_ lookUp: (inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?) -> Int32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = buffer.withUnsafeMutableBufferPointer { lookUp(&entry, $0.baseAddress!, $0.count, &result) }
        guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The dot that starts `component`'s extension: its last, unless it is its first character.
    private static func extensionDot(_ component: String) -> String.Index? {
        guard component != "..", let dot = component.lastIndex(of: "."), dot != component.startIndex else { return nil }
        return dot
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
