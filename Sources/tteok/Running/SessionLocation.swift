import ChatCore
import FoundationEssentials

/// Where the session for one community is saved for the current user.
///
/// One file per store (or homeserver) under the user's state directory, so two stores — or a
/// store and a homeserver — never share a session, and different `HOME`s are different users.
/// The name carries a readable hint and a stable hash of the store's absolute path (or the
/// homeserver URL): stable across runs, unlike Swift's seeded `Hasher`.
struct SessionLocation: Sendable {
    let stateDirectory: URL

    init(paths: Paths) {
        stateDirectory = paths.stateDirectory
    }

    /// The session file for `backend`; its directory is created with mode 0700.
    func file(for backend: Backend) -> URL {
        stateDirectory.appendingPathComponent("sessions", isDirectory: true)
            .appendingPathComponent(fileName(for: backend))
    }

    /// Creates the state directories owner-only; the backend writes the 0600 file itself.
    func prepare(for backend: Backend) throws {
        let directory = file(for: backend).deletingLastPathComponent()
        for url in [stateDirectory, directory] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        }
    }

    func fileName(for backend: Backend) -> String {
        switch backend {
        case .embedded(let store):
            let path = store.resolvingSymlinksInPath().path
            return "store-\(readable(store.lastPathComponent))-\(Self.hash(path)).json"
        case .service(let socket):
            let path = socket.standardizedFileURL.path
            return "service-\(readable(socket.lastPathComponent))-\(Self.hash(path)).json"
        case .matrix(let homeserver):
            let key = homeserver.absoluteString.lowercased().trimmingTrailingSlashes
            return "matrix-\(readable(homeserver.host ?? "server"))-\(Self.hash(key)).json"
        }
    }

    /// Keeps letters, digits, dot and dash so the name stays a plain file name.
    private func readable(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(40).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "." || scalar == "-") ? Character(scalar) : "_"
        }
        return String(kept)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

private extension String {
    var trimmingTrailingSlashes: String {
        var result = self
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
