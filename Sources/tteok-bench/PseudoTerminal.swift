import ChatCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: the benchmark's terminal. The client side (`clientDescriptor`, the
/// slave) is what an app writes to as its terminal; a drain thread reads the other side (the
/// master) as fast as it fills, counting the bytes and keeping the latest for inspection.
final class PseudoTerminal: @unchecked Sendable {
    let masterDescriptor: Int32
    let clientDescriptor: Int32
    let clientPath: String
    private let received = Mutex((count: 0, tail: [UInt8]()))
    /// Texts watched for in the output, and when each was first seen (monotonic ns).
    private let sightings = Mutex(TextSightings())
    private var drainThread: Thread?

    /// Opens a pair of `size` columns × rows, the client side in raw mode.
    init(columns: Int, rows: Int) throws {
        let calls = try PTYCalls()
        let master = calls.openpt(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, calls.grantpt(master) == 0, calls.unlockpt(master) == 0,
              calls.ptsname(master, &name, name.count) == 0 else {
            throw BenchError.failed("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        clientPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let client = open(clientPath, O_RDWR | O_NOCTTY)
        guard client >= 0 else { throw BenchError.failed("cannot open \(clientPath)") }
        masterDescriptor = master
        clientDescriptor = client
        var attributes = termios()
        tcgetattr(client, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(client, TCSANOW, &attributes)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        startDraining()
    }

    deinit {
        close(clientDescriptor)
        close(masterDescriptor)
    }

    /// Bytes read from the terminal so far.
    var byteCount: Int { received.withLock { $0.count } }

    /// The last bytes read (up to 64 KiB), as text.
    var recentText: String { received.withLock { String(decoding: $0.tail, as: UTF8.self) } }

    /// Starts watching the output for `sightings`' texts (from the next bytes read on).
    func watch(_ watched: TextSightings) {
        sightings.withLock { $0 = watched }
    }

    /// When `text` (watched) was first read from the terminal, if it was.
    func sighting(of text: String) -> UInt64? { sightings.withLock { $0.seen[text] } }

    /// Writes `bytes` as if typed at the terminal (they reach the client side's input).
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(masterDescriptor, $0.baseAddress, $0.count) }
    }

    /// Waits until `count` bytes in all were read (the drain thread may lag the writer slightly).
    func waitForBytes(_ count: Int, seconds: Double = 2) -> Bool {
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while byteCount < count {
            if MonotonicClock.nanoseconds() > deadline { return false }
            usleep(100)
        }
        return true
    }

    private func startDraining() {
        let master = masterDescriptor
        let received = self.received
        let sightings = self.sightings
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }  // closed (EIO once both sides are gone)
                received.withLock { state in
                    state.count += count
                    state.tail.append(contentsOf: buffer[..<count])
                    if state.tail.count > 65_536 { state.tail.removeFirst(state.tail.count - 65_536) }
                    sightings.withLock { $0.look(in: state.tail, newBytes: count) }
                }
            }
        }
        thread.start()
        drainThread = thread
    }
}

/// glibc's pseudo-terminal calls. Swift's Glibc module leaves them out (they sit behind
/// `_XOPEN_SOURCE` in stdlib.h), so they are looked up in the already loaded libc by name.
private struct PTYCalls {
    let openpt: @convention(c) (Int32) -> Int32
    let grantpt: @convention(c) (Int32) -> Int32
    let unlockpt: @convention(c) (Int32) -> Int32
    let ptsname: @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    init() throws {
        func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw BenchError.failed("libc has no \(name)") }
            return address
        }
        openpt = unsafeBitCast(try symbol("posix_openpt"), to: (@convention(c) (Int32) -> Int32).self)
        grantpt = unsafeBitCast(try symbol("grantpt"), to: (@convention(c) (Int32) -> Int32).self)
        unlockpt = unsafeBitCast(try symbol("unlockpt"), to: (@convention(c) (Int32) -> Int32).self)
        ptsname = unsafeBitCast(try symbol("ptsname_r"), to: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
    }
}
