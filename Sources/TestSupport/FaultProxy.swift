import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP proxy on 127.0.0.1 between a client under test and the test homeserver, which injects
/// faults for real: dropped connections, stalls, delays, error statuses, answers cut in half and
/// garbled JSON. Each connection carries one request and is closed after its answer.
public final class FaultProxy: @unchecked Sendable {
    /// What the proxy does to a request.
    public enum Fault: Sendable, Equatable {
        /// Forward and answer faithfully.
        case none
        /// Close the connection without an answer.
        case drop
        /// Hold the request until the fault changes, then treat it under the new one.
        case stall
        /// Wait this many seconds, then forward.
        case delay(Double)
        /// Hold every answer the server gives while this is the fault, whenever its request came
        /// (a long poll under way too), until the fault changes: an answer made before something
        /// else happened, arriving after it (`heldAnswers` shows them).
        case holdAnswer
        /// Answer this status with an HTML page, as a broken gateway would (500, 502, …).
        case status(Int)
        /// Answer 429 `M_LIMIT_EXCEEDED` with this `retry_after_ms`.
        case rateLimit(milliseconds: Int)
        /// Forward, then send the head and only half of the body, and close.
        case cutHalf
        /// Forward, then answer 200 with the body's JSON garbled.
        case corruptJSON
        /// Answer 200 with this JSON instead of the upstream's, as a hostile server would.
        case answer(json: String)
        /// Act as a homeserver from before authenticated media (spec v1.11): the
        /// `/_matrix/client/v1/media/…` endpoints answer 404 `M_UNRECOGNIZED`, and the legacy
        /// `/_matrix/media/v3/download/…` ones are served (from the upstream's authenticated ones).
        case legacyMediaOnly
    }

    /// Why the proxy could not start.
    public struct ListenFailure: Error, CustomStringConvertible {
        public let errno: Int32
        public var description: String { "the fault proxy could not listen on 127.0.0.1: \(String(cString: strerror(errno)))" }
    }

    /// The proxy's base URL: give this to the client instead of the homeserver's.
    public let url: URL
    private let upstream: URL
    private let listener: Int32
    private let condition = NSCondition()
    private var fault = Fault.none
    private var matching: String?
    private var seen: [String] = []
    private var held: [Data] = []
    private var stopped = false

    /// Listens on a free port of 127.0.0.1 and forwards to `upstream`.
    public init(upstream: URL) throws {
        self.upstream = upstream
        let (socket, port) = try Self.listenOnFreePort()
        listener = socket
        url = URL(string: "http://127.0.0.1:\(port)")!
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    static func listenOnFreePort() throws -> (Int32, UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress -> Bool in
                bind(listener, socketAddress, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            close(listener)
            throw ListenFailure(errno: errno)
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    deinit { stop() }

    /// Applies `fault` to requests whose path contains `path` (all requests when nil).
    public func set(_ fault: Fault, matching path: String? = nil) {
        condition.lock()
        self.fault = fault
        matching = path
        condition.broadcast()
        condition.unlock()
    }

    /// Back to faithful forwarding; stalled requests go on.
    public func heal() { set(.none) }

    /// The bodies of the answers `.holdAnswer` holds now.
    public var heldAnswers: [Data] {
        condition.lock()
        defer { condition.unlock() }
        return held
    }

    /// Paths of the requests received so far, in order.
    public var requests: [String] {
        condition.lock()
        defer { condition.unlock() }
        return seen
    }

    public func stop() {
        condition.lock()
        let wasStopped = stopped
        stopped = true
        condition.broadcast()
        condition.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    // MARK: Serving

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
        condition.lock()
        seen.append(request.path)
        var current = applies(to: request.path) ? fault : .none
        while current == .stall && !stopped {
            condition.wait()
            current = applies(to: request.path) ? fault : .none
        }
        condition.unlock()
        answer(request, under: current, on: connection)
    }

    private func applies(to path: String) -> Bool {
        matching.map { path.contains($0) } ?? true
    }

    private func answer(_ request: HTTPRequestReader.Request, under fault: Fault, on connection: Int32) {
        switch fault {
        case .drop, .stall:
            return
        case .status(let status):
            write(status: status, body: Data("<html><body>\(status) from the fault proxy</body></html>".utf8), type: "text/html", to: connection)
        case .rateLimit(let milliseconds):
            let body = #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":\#(milliseconds)}"#
            write(status: 429, body: Data(body.utf8), to: connection)
        case .delay(let seconds):
            Thread.sleep(forTimeInterval: seconds)
            forward(request, to: connection) { status, body in (status, body, false) }
        case .none, .holdAnswer:
            // `.holdAnswer` holds in `forward`, whatever fault the request came under.
            forward(request, to: connection) { status, body in (status, body, false) }
        case .cutHalf:
            forward(request, to: connection) { status, body in (status, body, true) }
        case .corruptJSON:
            forward(request, to: connection) { _, body in (200, Data(body.reversed()), false) }
        case .answer(let json):
            write(status: 200, body: Data(json.utf8), to: connection)
        case .legacyMediaOnly:
            if request.path.hasPrefix("/_matrix/client/v1/media/") {
                write(status: 404, body: Data(#"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#.utf8), to: connection)
                return
            }
            var served = request
            if request.path.hasPrefix(Self.legacyDownload) {
                served.path = "/_matrix/client/v1/media/download/" + request.path.dropFirst(Self.legacyDownload.count)
            }
            forward(served, to: connection) { status, body in (status, body, false) }
        }
    }

    private static let legacyDownload = "/_matrix/media/v3/download/"

    /// Blocks while `.holdAnswer` applies to `path`, its answer's `body` in `heldAnswers`.
    private func holdWhileHolding(_ path: String, _ body: Data) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, applies(to: path), fault == .holdAnswer else { return }
        held.append(body)
        while !stopped, applies(to: path), fault == .holdAnswer { condition.wait() }
        held.removeAll { $0 == body }
    }

    /// Forwards to the homeserver and writes its answer, reshaped by `shape` (status, body, cut).
    private func forward(_ request: HTTPRequestReader.Request, to connection: Int32,
                         shape: (Int, Data) -> (Int, Data, Bool)) {
        guard let target = URL(string: upstream.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + request.path) else { return }
        var outgoing = URLRequest(url: target, timeoutInterval: 120)
        outgoing.httpMethod = request.method
        for (name, value) in request.headers where ["authorization", "content-type"].contains(name.lowercased()) {
            outgoing.setValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty { outgoing.httpBody = request.body }
        let done = DispatchSemaphore(value: 0)
        let result = Collected<(Int, Data)>()
        URLSession.shared.dataTask(with: outgoing) { data, response, _ in
            result.append(((response as? HTTPURLResponse)?.statusCode ?? 502, data ?? Data()))
            done.signal()
        }.resume()
        done.wait()
        guard let (status, body) = result.values.first else { return }
        holdWhileHolding(request.path, body)
        let (newStatus, newBody, cut) = shape(status, body)
        write(status: newStatus, body: newBody, cutHalf: cut, to: connection)
    }

    private func write(status: Int, body: Data, type: String = "application/json", cutHalf: Bool = false, to connection: Int32) {
        let head = "HTTP/1.1 \(status) Fault Proxy\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        bytes.append(cutHalf ? body.prefix(body.count / 2) : body)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }
}

/// Reads one HTTP/1.1 request (head and `Content-Length` body) from a socket.
enum HTTPRequestReader {
    struct Request {
        var method: String
        var path: String
        var headers: [(String, String)]
        var body: Data
    }

    static func read(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while data.range(of: separator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data.append(buffer, count: count)
        }
        guard let end = data.range(of: separator) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        var body = Data(data[end.upperBound...])
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            body.append(buffer, count: count)
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }
}
