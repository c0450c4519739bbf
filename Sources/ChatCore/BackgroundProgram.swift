import Glibc

/// Starts a helper program (`xdg-open`, `notify-send`, an image viewer) with no terminal — its
/// input, output and errors on /dev/null, so nothing it prints lands on our screen — and reaps it
/// whenever it ends. posix_spawn, not Foundation's `Process`, which links CoreFoundation and ICU's
/// 34 MB of data into the binary.
public enum BackgroundProgram {
    public static func start(_ executable: String, _ arguments: [String]) throws(ChatError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else { throw .unsupported("cannot start \(executable): \(String(cString: strerror(status)))") }
        let child = pid
        DetachedThread.start {
            var ended: Int32 = 0
            while waitpid(child, &ended, 0) < 0 && errno == EINTR {}
        }
    }
}
