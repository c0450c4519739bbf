import ChatCore
import FoundationEssentials
import Glibc

/// posix_spawn of a detached service: a new session (no terminal, no signals from ours), standard
/// input from /dev/null, output and errors to a 0600 log (the last service's only), the ready pipe as descriptor 3
/// and no other descriptor of ours.
enum PrivateServiceSpawn {
    static func spawn(_ arguments: [String], environment: [String: String], readyDescriptor: Int32, logPath: String) throws(ChatError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_adddup2(&actions, readyDescriptor, 3)
        // glibc ≥ 2.34 has it, but only under _GNU_SOURCE, which Swift's Glibc module lacks.
        guard let closeFrom = closeFromAction else { throw .storage("cannot start the community service: this C library cannot close inherited descriptors") }
        guard closeFrom(&actions, 4) == 0 else { throw .storage("cannot start the community service: \(String(cString: strerror(errno)))") }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw .storage("cannot start the community service (\(arguments[0])): \(String(cString: strerror(status)))") }
        return pid
    }

    /// glibc's `POSIX_SPAWN_SETSID` (hidden behind _GNU_SOURCE like the call below).
    private static let spawnSetSID: Int32 = 0x80

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let closeFromAction: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
}
