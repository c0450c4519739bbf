import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A "homeserver" on 127.0.0.1 that answers as an attacker would: bodies far larger than any
/// answer should be, lengths it never sends, redirects to elsewhere. It records every request it
/// receives (method, path, body), so a test can prove what reached it and what did not.
public final class HostileHomeserver: @unchecked Sendable {
    /// How the server answers one request.
    public enum Answer: Sendable {
        /// 200 with no length, then `bytes` bytes of JSON-ish filler, as fast as the client reads.
        /// Bounded so that a client without a limit grows visibly but the machine survives.
        case stream(bytes: Int)
        /// 200 declaring `Content-Length: length`, then only a little of it.
        case declaredLength(Int64)
        /// A redirect status with a `Location`.
        case redirect(status: Int, location: String)
        /// A plain answer.
        case json(status: Int, body: String)
    }

    /// One request as it arrived.
    public struct Received: Sendable {
        public let method: String
        public let path: String
        public let body: Data
    }

    public let url: URL
    private let listener: Int32
    private let answer: @Sendable (_ method: String, _ path: String) -> Answer
    private let received = Collected<Received>()

    /// Listens on a free port of 127.0.0.1; `answer` decides each request's answer.
    public init(_ answer: @escaping @Sendable (_ method: String, _ path: String) -> Answer) throws {
        let (socket, port) = try FaultProxy.listenOnFreePort()
        listener = socket
        url = URL(string: "http://127.0.0.1:\(port)")!
        self.answer = answer
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Every request received so far, in order.
    public var requests: [Received] { received.values }

    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = HTTPRequestReader.read(connection) else { return }
        received.append(Received(method: request.method, path: request.path, body: request.body))
        switch answer(request.method, request.path) {
        case .stream(let bytes):
            guard send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n", to: connection) else { return }
            let chunk = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024)
            var sent = 0
            while sent < bytes, send(chunk, to: connection) { sent += chunk.count }
        case .declaredLength(let length):
            _ = send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{\"a\":\"", to: connection)
            Thread.sleep(forTimeInterval: 2)
        case .redirect(let status, let location):
            _ = send("HTTP/1.1 \(status) Moved\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", to: connection)
        case .json(let status, let body):
            let bytes = Data(body.utf8)
            _ = send("HTTP/1.1 \(status) OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n", to: connection)
            _ = send(bytes, to: connection)
        }
    }

    private func send(_ text: String, to connection: Int32) -> Bool { send(Data(text.utf8), to: connection) }

    /// False once the client has gone (it closed or reset the connection).
    private func send(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
