import CNcurses
import Glibc

/// Puts the terminal back however the process ends: normal exit, a fatal signal, or a crash.
///
/// A crash handler may only use async-signal-safe calls, so everything it needs is prepared
/// at start: the terminal modes to restore (`tcsetattr`) and the bytes that leave the alternate
/// screen, show the cursor and end bracketed paste (`write`). It then hands the signal to the
/// handler that was there before (Swift's backtracer, or the default action).
enum TerminalRestore {
    nonisolated(unsafe) static var savedModes = termios()
    nonisolated(unsafe) static var haveSavedModes = false
    nonisolated(unsafe) static var restoreBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var restoreCount = 0
    nonisolated(unsafe) static var isActive: sig_atomic_t = 0
    nonisolated(unsafe) static var handlersInstalled = false
    nonisolated(unsafe) static var previousActions: [sigaction] = Array(repeating: .init(), count: 65)

    /// Signals that mean the process is crashing.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Records how to undo what `NcursesTerminal.start` is about to do. Call before `newterm`.
    static func prepare(leaveSequence: String) {
        haveSavedModes = tcgetattr(STDIN_FILENO, &savedModes) == 0
        let bytes = Array(leaveSequence.utf8)
        if restoreBytes == nil {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            buffer.initialize(from: bytes, count: bytes.count)
            restoreBytes = buffer
            restoreCount = bytes.count
        }
        isActive = 1
        guard !handlersInstalled else { return }
        handlersInstalled = true
        installCrashHandlers()
        atexit { TerminalRestore.restoreRaw() }
    }

    /// The ordinary path is `endwin`; this is the last resort, safe inside a signal handler.
    static func restoreRaw() {
        guard isActive == 1 else { return }
        isActive = 0
        if let restoreBytes { _ = write(STDOUT_FILENO, restoreBytes, restoreCount) }
        if haveSavedModes { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
    }

    /// After a clean `endwin`: nothing left to undo.
    static func markRestored() {
        isActive = 0
    }

    private static func installCrashHandlers() {
        for signal in crashSignals {
            var action: sigaction = .init()
            action.__sigaction_handler.sa_handler = { signal in
                TerminalRestore.restoreRaw()
                // Hand the signal on: it is blocked while we run, so it is delivered to the
                // previous handler as soon as we return (a fault re-executes and faults again).
                var previous = TerminalRestore.previousActions[Int(signal)]
                sigaction(signal, &previous, nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
    }
}
