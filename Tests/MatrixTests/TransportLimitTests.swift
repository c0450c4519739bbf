import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The real curl transport against a hostile "homeserver" on 127.0.0.1 (issue 14, findings 4, 5
/// and 10): answers are bounded as they arrive, redirects are never followed, and a media URI
/// outside the spec's grammar never becomes a request.
final class TransportLimitTests: XCTestCase {
    func testAnEndlessMediaDownloadIsCutAtTheMediaLimitAndMemoryStaysBounded() async throws {
        let server = try HostileHomeserver { _, _ in .stream(bytes: 512 * 1024 * 1024) }
        let client = MatrixClient(homeserver: server.url, transport: CurlTransport(), accessToken: "token")
        let sampler = ResidentMemorySampler()
        let started = Date()
        do {
            let data = try await client.download("mxc://localhost/abcDEF123")
            XCTFail("an endless answer was taken whole: \(data.count) bytes")
        } catch MatrixError.answerTooLarge(let endpoint, let limit) {
            XCTAssertEqual(limit, Endpoint.mediaAnswerLimit)
            XCTAssertTrue(endpoint.contains("media/download"), endpoint)
            XCTAssertTrue(MatrixError.answerTooLarge(endpoint: endpoint, limit: limit).chatError.message.contains("too large"))
        }
        let growth = sampler.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the transfer was abandoned at the limit")
        XCTAssertLessThan(growth, 48 * 1024, "resident memory grew by \(growth / 1024) MiB during the download")
        print("FIGURE endless media download: cut after \(Int(Date().timeIntervalSince(started) * 1000)) ms, resident growth \(growth / 1024) MiB")
    }

    func testADeclaredHugeLengthIsRefusedBeforeItsBody() async throws {
        let server = try HostileHomeserver { _, _ in .declaredLength(10 * 1024 * 1024 * 1024) }
        let client = MatrixClient(homeserver: server.url, transport: CurlTransport())
        let started = Date()
        do {
            _ = try await client.logIn(user: "mina", password: "secret")
            XCTFail("a 10 GiB answer was accepted")
        } catch MatrixError.answerTooLarge(_, let limit) {
            XCTAssertEqual(limit, Endpoint.smallAnswerLimit)
        }
        // The server holds the connection open 2 s after the head: refusing must not wait for it.
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    }

    func testRedirectsAreNotFollowedAndBecomeErrorsNamingTheStatus() async throws {
        let elsewhere = try HostileHomeserver { _, _ in .json(status: 200, body: #"{"user_id":"@x:y","access_token":"t","device_id":"d"}"#) }
        for status in [301, 302, 303, 307, 308] {
            let server = try HostileHomeserver { _, path in .redirect(status: status, location: elsewhere.url.absoluteString + path) }
            let client = MatrixClient(homeserver: server.url, transport: CurlTransport())
            do {
                _ = try await client.logIn(user: "mina", password: "the-password")
                XCTFail("\(status): the redirect was followed to a login")
            } catch let error as MatrixError {
                XCTAssertEqual(error, .redirected(status: status, endpoint: "POST /_matrix/client/v3/login"))
                XCTAssertTrue(error.chatError.message.contains("redirect (HTTP \(status))"), error.chatError.message)
            }
            XCTAssertEqual(server.requests.count, 1)
        }
        XCTAssertEqual(elsewhere.requests.count, 0, "the login went to the host the redirect named")
    }

    func testMediaURIsOutsideTheGrammarAreRefusedBeforeAnyRequest() async throws {
        let transport = ScriptedTransport([])
        let client = MatrixClient(homeserver: URL(string: "http://127.0.0.1:9")!, transport: transport, accessToken: "token")
        let hostile = [
            "mxc://localhost/..", "mxc://localhost/.", "mxc://evil/../../x", "mxc://a b/c", "mxc://../x", "mxc://./x",
            "mxc://localhost/a/b", "mxc://localhost/", "mxc:///abc", "mxc://localhost", "mxc://localhost:99999999/abc",
            "mxc://localhost:/abc", "mxc://localhost/abc?x=1", "mxc://localhost/abc#x", "mxc://host/%2e%2e", "mxc://host/ab%2Fc",
            "mxc://[::1/abc", "mxc://[zz]/abc", "mxc://a..b/c", "mxc://user@host/abc", "https://localhost/abc", "mxc://host/ab\u{0}c",
            "mxc://host/다운", "mxc://\u{202E}host/abc", "mxc://host/abc\n",
        ]
        for uri in hostile {
            do {
                _ = try await client.download(uri)
                XCTFail("\(uri) was downloaded")
            } catch let error as MatrixError {
                XCTAssertEqual(error, .malformed(endpoint: "media", detail: "not a valid mxc:// URI"), uri)
            }
        }
        XCTAssertEqual(transport.requests.map { $0.url?.absoluteString ?? "" }, [], "a malformed mxc URI became a request")
        for valid in ["mxc://localhost/AbC_-09", "mxc://matrix.org:8448/x", "mxc://[::1]:8008/x", "mxc://[2001:db8::1]/x", "mxc://1.2.3.4/x"] {
            XCTAssertNotNil(MediaReference(valid), valid)
        }
    }
}

/// Samples this process's resident memory (`VmRSS`) until stopped; reports the largest growth in KiB.
private final class ResidentMemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var peak = 0
    private let start: Int
    private let done = DispatchSemaphore(value: 0)

    init() {
        start = Self.resident()
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let now = Self.resident()
                lock.withLock { peak = max(peak, now) }
                usleep(5_000)
            }
            done.signal()
        }
    }

    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return max(0, lock.withLock { peak } - start)
    }

    static func resident() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }
}
