import Foundation
import TestSupport
import XCTest

/// The real binary against homeservers that attack or are not what they claim (issue 14,
/// findings 4, 5 and 9): an endless answer, a redirect elsewhere, plain http to another host, a
/// self-signed certificate. Every server here listens on 127.0.0.1.
final class HostileHomeserverEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-hostile")
    }

    override func tearDown() {
        directory = nil
    }

    private func user(_ homeserver: String, _ extra: [String] = []) throws -> TteokUser {
        try TteokUser(home: directory.file("home-\(UUID().uuidString.prefix(8))"), backendArguments: ["--homeserver", homeserver] + extra)
    }

    func testAnEndlessAnswerToSignUpIsCutAndThePeakMemoryStaysBounded() throws {
        let server = try HostileHomeserver { _, _ in .stream(bytes: 768 * 1024 * 1024) }
        let mina = try user(server.url.absoluteString)
        let outcome = try PeakMemoryRun.run(mina.binary, mina.backendArguments + ["signup", "--username", "mina", "--password-stdin"],
                                            environment: mina.environment, stdin: "correct horse battery\n",
                                            ceilingKiB: 160 * 1024, timeout: 30)
        XCTAssertFalse(outcome.overCeiling, "\(outcome)")
        XCTAssertEqual(outcome.status, 1, "\(outcome)")
        XCTAssertTrue(outcome.stderr.contains("the homeserver's answer to POST /_matrix/client/v3/register was too large"), outcome.stderr)
        print("FIGURE endless register answer: tteok peak resident memory \(outcome.peakKiB / 1024) MiB")
    }

    func testARedirectIsNotFollowedAndThePasswordReachesNoOtherHost() throws {
        let elsewhere = try HostileHomeserver { _, _ in .json(status: 200, body: #"{"user_id":"@mina:evil","access_token":"t","device_id":"d"}"#) }
        let server = try HostileHomeserver { _, path in .redirect(status: 307, location: elsewhere.url.absoluteString + path) }
        let mina = try user(server.url.absoluteString)
        let result = try mina.run(["login", "--username", "mina", "--password-stdin"], stdin: "the-secret-password\n")
        XCTAssertEqual(result.status, 1, "\(result)")
        XCTAssertTrue(result.stderr.contains("redirect (HTTP 307)"), result.stderr)
        XCTAssertEqual(server.requests.map(\.path), ["/_matrix/client/v3/login"])
        XCTAssertEqual(elsewhere.requests.count, 0, "the second listener received \(elsewhere.requests.map(\.path))")
        XCTAssertFalse(elsewhere.requests.contains { String(decoding: $0.body, as: UTF8.self).contains("the-secret-password") })
    }

    func testPlainHTTPOffThisMachineIsRefusedUnlessInsecureHTTPIsGiven() throws {
        for command in [["whoami"], ["channels"], []] {
            let refused = try user("http://matrix.example.org").run(command)
            XCTAssertEqual(refused.status, 2, "\(command): \(refused)")
            XCTAssertTrue(refused.stderr.contains("plain http") && refused.stderr.contains("--insecure-http"), refused.stderr)
        }
        // Allowed with the flag: whoami without a session answers without the network.
        let allowed = try user("http://matrix.example.org", ["--insecure-http"]).run(["whoami"])
        XCTAssertEqual(allowed.status, 3, "\(allowed)")
        for address in ["https://matrix.example.org", "http://127.0.0.1:9", "http://127.8.9.10:9", "http://localhost:9", "http://[::1]:9"] {
            let result = try user(address).run(["whoami"])
            XCTAssertEqual(result.status, 3, "\(address): \(result)")
        }
    }

    func testASelfSignedCertificateIsRefusedInWords() throws {
        let server = try SelfSignedTLSServer()
        let mina = try user(server.url.absoluteString)
        let result = try mina.run(["login", "--username", "mina", "--password-stdin"], stdin: "the-secret-password\n")
        XCTAssertEqual(result.status, 5, "\(result)")
        XCTAssertTrue(result.stderr.contains("the homeserver's TLS certificate could not be verified"), result.stderr)
        XCTAssertFalse(result.stderr.contains("-1200"), result.stderr)
        XCTAssertEqual(server.answered, 0, "a request was sent over the untrusted connection")
    }
}
