import CommunityProtocol
import Foundation
import Glibc

/// A Unix socket between real clients and a real service that passes every byte on unchanged
/// and records each request the clients send, in order: tests count the round trips a client
/// makes (a start that asks twice for the same thing is slower on every machine).
final class RecordingProxy: @unchecked Sendable {
    let path: String
    private let target: String
    private let listener: Int32
    private let recorded = NSLock()
    private var requestList: [Request] = []

    /// Listens at `path` and forwards each connection to the service at `target`.
    init(at path: String, to target: String) throws {
        self.path = path
        self.target = target
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
            Thread { Self.copy(from: service, to: client) }.start()
            Thread { [self] in forwardRequests(from: client, to: service) }.start()
        }
    }

    /// Client to service, frame by frame, each recorded before it is passed on.
    private func forwardRequests(from client: Int32, to service: Int32) {
        let input = FrameStream(descriptor: client)
        let output = FrameStream(descriptor: service)
        while let payload = try? input.readPayload() {
            if let frame = try? FrameCodec.decode(ClientFrame.self, from: payload) {
                recorded.lock()
                requestList.append(frame.request)
                recorded.unlock()
            }
            var length = UInt32(payload.count).bigEndian
            var bytes = Data(bytes: &length, count: FrameCodec.headerSize)
            bytes.append(payload)
            guard output.write(bytes) else { break }
        }
        shutdown(service, Int32(SHUT_RDWR))
    }

    /// Service to client, byte for byte.
    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            guard count > 0, FrameStream(descriptor: destination).write(Data(buffer[0..<count])) else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
    }
}
