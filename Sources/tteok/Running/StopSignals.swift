import ChatCore
import FoundationEssentials
import Glibc

/// SIGTERM and SIGINT for `tteok serve`, caught from the moment `install` returns.
///
/// Not a `DispatchSource`: on Linux, resuming a signal source registers its handler later, on
/// dispatch's manager thread, so a SIGTERM sent just after the socket appeared could arrive while
/// the signal was still ignored; it was lost and the service ran on (a test that stopped a freshly
/// started service hung on it). Here `sigaction` is in place before `install` returns; the handler
/// only writes a byte to a socket pair (async-signal-safe) and a thread of its own does the
/// stopping. A socket pair, not a pipe: a private service holding a pipe reads as one that kept
/// its client's descriptors (`PrivateServiceTests`).
enum StopSignals {
    nonisolated(unsafe) private static var event: Int32 = -1

    /// Runs `stop` on a thread of its own at the first SIGTERM or SIGINT. False when no socket pair
    /// could be made; the signals then keep their default action (the process ends at once).
    @discardableResult
    static func install(_ stop: @escaping @Sendable () -> Void) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return false }
        let readEnd = ends[0]
        event = ends[1]
        DetachedThread.start(name: "tteok.serve.signals") {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            stop()
        }
        for number in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                let saved = errno
                var byte: UInt8 = 1
                _ = write(StopSignals.event, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return true
    }
}
