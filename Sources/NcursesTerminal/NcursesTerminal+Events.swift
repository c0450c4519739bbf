import CNcurses
import Dispatch
import Glibc
import TUI

extension NcursesTerminal {
    /// Standard input as a dispatch source: bytes are read as they come and handed on raw.
    func installInputSource() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readInput(available: Int(source.data)) }
        }
        source.resume()
        register(source)
    }

    func readInput(available: Int) {
        var buffer = [UInt8](repeating: 0, count: min(max(available, 1), 65536))
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
            emit(.input(Array(buffer[..<count])))
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            emit(.inputClosed)
        }
    }

    /// SIGWINCH resizes; SIGINT, SIGTERM and SIGHUP restore the terminal and end the process
    /// with the same signal, as if we had not caught it.
    func installSignalSources() {
        for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal, SIG_IGN)  // the dispatch source is now the only receiver
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.received(signal) }
            }
            source.resume()
            register(source)
        }
    }

    func received(_ signal: Int32) {
        if signal == SIGWINCH {
            updateSize()
            emit(.resized(size))
            return
        }
        stop()
        Glibc.signal(signal, SIG_DFL)
        // libdispatch blocks the signals it watches; unblock so the re-raised one is delivered.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
    }
}
