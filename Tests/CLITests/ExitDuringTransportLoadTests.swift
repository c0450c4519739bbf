import Foundation
import TestSupport
import XCTest

/// Regression: `tteok --homeserver URL …` starts loading libcurl at once, on another thread. A run
/// that ended before the load was done (a usage error) exited in the middle of OpenSSL's
/// initialization, whose memory the exit handlers freed: a crash (SIGSEGV) in about one run of
/// forty. The real binary, a hundred times; no server is reached (the command line is refused).
final class ExitDuringTransportLoadTests: XCTestCase {
    func testAUsageErrorWithAHomeserverExitsCleanlyEveryTime() throws {
        let directory = try TemporaryDirectory(prefix: "exit-load")
        let user = try TteokUser(home: directory.file("home"), backendArguments: ["--homeserver", "http://127.0.0.1:9"])
        for run in 1...100 {
            let result = try user.run(["post", "lobby", "--reply-to", "x", "--emote", "waves"])
            guard result.status == 2 else { return XCTFail("run \(run) of 100 ended with status \(result.status): \(result.stderr)") }
            XCTAssertTrue(result.stderr.contains("give one of --reply-to, --thread or --emote"), result.stderr)
        }
    }
}
