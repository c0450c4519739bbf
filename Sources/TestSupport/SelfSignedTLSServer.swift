import Foundation

/// An HTTPS server on 127.0.0.1 with a freshly made self-signed certificate (openssl), served by
/// Python's `ssl` module: what a client meets on a host with a bad certificate or in the middle
/// of an interception. It answers every request it gets with `{}` and counts them.
public final class SelfSignedTLSServer: @unchecked Sendable {
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public let url: URL
    private let process: Process
    private let directory: TemporaryDirectory

    public init() throws {
        directory = try TemporaryDirectory(prefix: "tls")
        let key = directory.file("key.pem").path, certificate = directory.file("cert.pem").path
        let made = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/openssl"),
                                      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                                       "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                                      environment: ProcessInfo.processInfo.environment)
        guard made.status == 0 else { throw StartFailure(description: "openssl could not make a certificate: \(made)") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, certificate, key, directory.file("count").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the port, printed once the socket listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw StartFailure(description: "the TLS server did not start (python3 with ssl is needed)")
        }
        url = URL(string: "https://127.0.0.1:\(port)")!
    }

    deinit { stop() }

    /// Requests that completed a TLS handshake and were answered.
    public var answered: Int {
        (try? String(contentsOf: directory.file("count"), encoding: .utf8)).map { $0.count } ?? 0
    }

    public func stop() {
        if process.isRunning { process.terminate() }
    }

    private static let script = """
    import http.server, ssl, sys
    cert, key, count = sys.argv[1], sys.argv[2], sys.argv[3]
    class Handler(http.server.BaseHTTPRequestHandler):
        def answer(self):
            open(count, "a").write("x")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")
        do_GET = do_POST = do_PUT = answer
        def log_message(self, *args): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """
}
