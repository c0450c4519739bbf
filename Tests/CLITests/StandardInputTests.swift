import ChatCore
import XCTest
@testable import tteok

final class StandardInputTests: XCTestCase {
    private func input(_ lines: [String]) -> StandardInput {
        let remaining = Mutex(lines[...])
        return StandardInput(readLine: { remaining.withLock { $0.popFirst() } }, isTerminal: { false })
    }

    func testPasswordIsTheFirstLineWithoutItsLineEnding() {
        XCTAssertEqual(input(["secret\r", "next"]).password(), "secret")
        XCTAssertEqual(input(["  spaced  "]).password(), "  spaced  ")
        XCTAssertNil(input([]).password())
    }

    func testCredentialsRefuseAnEmptyPassword() throws {
        var parsed = ParsedArguments()
        parsed.values["email"] = "mina@example.com"
        parsed.flags.insert("password-stdin")
        let credentials = try Credentials(parsed, globals: GlobalOptions())
        XCTAssertThrowsError(try credentials.password(from: input([""])))
        XCTAssertThrowsError(try credentials.password(from: input([])))
        XCTAssertEqual(try credentials.password(from: input(["pw"])), "pw")
    }

    func testLinesReadsToTheEnd() {
        XCTAssertEqual(input(["a", "", "b"]).lines(), ["a", "", "b"])
    }
}
