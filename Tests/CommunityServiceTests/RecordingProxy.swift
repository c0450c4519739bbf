import CommunityProtocol
import Foundation
import Glibc

/// A Unix socket between real clients and a real service that passes every byte on unchanged
/// and records each request the clients send, in order: tests count the round trips a client
/// makes (a start that asks twice for the same thing is slower on every machine), and which
/// requests began a round (`roundStarts`) — sent when every earlier request of the connection
/// had its answer — rather than going out while another was still in flight.
final class RecordingProxy: @unchecked Sendable {
    let path: String
    private let target: String
    private let listener: Int32
    private let recorded = NSLock()
    private var requestList: [Request] = []
    private var roundList: [Bool] = []
    private let answerDelay: UInt32

    /// For each request of `requests`: true when it began a round trip of its own. An answer is
    /// counted as delivered just before its bytes are passed on, so a request the client sent
    /// in the same breath as another may be counted as a round of its own (never the reverse).
    var roundStarts: [Bool] {
        recorded.lock()
        defer { recorded.unlock() }
        return roundList
    }

    /// Listens at `path` and forwards each connection to the service at `target`. `answerDelay`
    /// (microseconds) holds each answer back as a slower link would: requests a client sends
    /// together are then surely in flight together, and one sent after an answer surely not.
    init(at path: String, to target: String, answerDelay: UInt32 = 0) throws {
        self.path = path
        self.target = target
        self.answerDelay = answerDelay
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        Thread { [self] in acceptConnections() }.start()
    }

    deinit { close(listener) }

    /// The requests sent so far, in order.
    var requests: [Request] {
        recorded.lock()
        defer { recorded.unlock() }
        return requestList
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            guard let service = UnixSocket.connect(target) else {
                close(client)
                continue
            }
            let exchange = Exchange()
            Thread { [answerDelay] in Self.copyAnswers(from: service, to: client, exchange, delay: answerDelay) }.start()
            Thread { [self] in forwardRequests(from: client, to: service, exchange) }.start()
        }
    }

    /// Client to service, frame by frame, each recorded before it is passed on.
    private func forwardRequests(from client: Int32, to service: Int32, _ exchange: Exchange) {
        let input = FrameStream(descriptor: client)
        let output = FrameStream(descriptor: service)
        while let payload = try? input.readPayload() {
            if let frame = try? FrameCodec.decode(ClientFrame.self, from: payload) {
                let startsRound = exchange.sent()
                recorded.lock()
                requestList.append(frame.request)
                roundList.append(startsRound)
                recorded.unlock()
            }
            guard output.write(Self.frame(payload)) else { break }
        }
        shutdown(service, Int32(SHUT_RDWR))
    }

    /// Service to client, frame by frame unchanged; each answer counted before it is passed on.
    private static func copyAnswers(from source: Int32, to destination: Int32, _ exchange: Exchange, delay: UInt32) {
        let input = FrameStream(descriptor: source)
        let output = FrameStream(descriptor: destination)
        while let payload = try? input.readPayload() {
            if case .response? = (try? FrameCodec.decode(ServerFrame.self, from: payload))?.body {
                if delay > 0 { usleep(delay) }
                exchange.answered()
            }
            guard output.write(frame(payload)) else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func frame(_ payload: Data) -> Data {
        var length = UInt32(payload.count).bigEndian
        var bytes = Data(bytes: &length, count: FrameCodec.headerSize)
        bytes.append(payload)
        return bytes
    }

    /// One connection's requests sent and answers delivered.
    private final class Exchange: @unchecked Sendable {
        private let lock = NSLock()
        private var unanswered = 0

        /// Counts a request going out; true when none was in flight before it.
        func sent() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            unanswered += 1
            return unanswered == 1
        }

        func answered() {
            lock.lock()
            unanswered = max(0, unanswered - 1)
            lock.unlock()
        }
    }
}
