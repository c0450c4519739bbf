import ChatCore
import FoundationEssentials

/// Which community a command talks to, chosen by the global options.
enum Backend: Hashable, Sendable {
    /// The embedded community in one SQLite file (absolute, standardised path).
    case embedded(store: URL)
    /// A Matrix homeserver.
    case matrix(homeserver: URL)
    /// A community service on a Unix socket (`tteok serve`), which owns the file.
    case service(socket: URL)

    /// `--homeserver` wins over `--store`; without either, the default store. A homeserver must
    /// be https unless it is on this machine (loopback) or `insecureHTTP` (`--insecure-http`) says so.
    init(store: String?, homeserver: String?, socket: String? = nil, insecureHTTP: Bool = false, paths: Paths,
         workingDirectory: String) throws(UsageError) {
        if let socket {
            if socket.isEmpty { throw .invalidValue(option: "socket", value: socket, reason: "expected a socket path") }
            if store != nil || homeserver != nil {
                throw .invalidCombination("--socket cannot be used with --store or --homeserver (the service owns its store)")
            }
            let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
            self = .service(socket: URL(fileURLWithPath: socket, relativeTo: base).standardizedFileURL)
            return
        }
        if let homeserver {
            guard let url = URL(string: homeserver), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", let host = url.host else {
                throw .invalidValue(option: "homeserver", value: homeserver, reason: "expected an http:// or https:// URL")
            }
            if scheme == "http", !insecureHTTP, !Self.isLoopback(host) {
                throw .invalidValue(option: "homeserver", value: homeserver, reason: "plain http would send your password and messages "
                    + "unencrypted; use https://, or add --insecure-http to allow it (loopback addresses need neither)")
            }
            if store != nil { throw .invalidCombination("--store and --homeserver cannot be used together") }
            self = .matrix(homeserver: url)
            return
        }
        guard let store else {
            self = .embedded(store: paths.defaultStore.standardizedFileURL)
            return
        }
        if store.isEmpty { throw .invalidValue(option: "store", value: store, reason: "expected a file path") }
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        self = .embedded(store: URL(fileURLWithPath: store, relativeTo: base).standardizedFileURL)
    }

    /// `localhost`, 127.0.0.0/8 and ::1: traffic that never leaves this machine.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    var isMatrix: Bool {
        if case .matrix = self { return true }
        return false
    }
}
