import XCTest
@testable import tteok

final class ArgumentParserTests: XCTestCase {
    private let configuration = CommandConfiguration(
        name: "post", abstract: "test",
        options: [.value("limit", "N", help: ""), .flag("accept-terms", help: "")],
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: ""),
            ArgumentDefinition(name: "TEXT", arity: .variadic, help: ""),
        ]
    )

    private func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser(configuration: configuration, globalOptions: GlobalOptions.definitions).parse(words)
    }

    private func assertUsageError(_ words: [String], _ expected: UsageError, line: UInt = #line) {
        XCTAssertThrowsError(try parse(words), line: line) { error in
            XCTAssertEqual(error as? UsageError, expected, line: line)
        }
    }

    func testOptionsBeforeBetweenAndAfterPositionals() throws {
        let parsed = try parse(["--limit", "5", "lobby", "--json", "hello", "world", "--store=/tmp/x.sqlite"])
        XCTAssertEqual(parsed.value("limit"), "5")
        XCTAssertEqual(parsed.value("store"), "/tmp/x.sqlite")
        XCTAssertTrue(parsed.flag("json"))
        XCTAssertFalse(parsed.flag("accept-terms"))
        XCTAssertEqual(parsed.argument("CHANNEL"), "lobby")
        XCTAssertEqual(parsed.words("TEXT"), ["hello", "world"])
    }

    func testDoubleDashMakesTheRestPositional() throws {
        let parsed = try parse(["lobby", "--", "--json", "-h", "-5"])
        XCTAssertFalse(parsed.flag("json"))
        XCTAssertFalse(parsed.wantsHelp)
        XCTAssertEqual(parsed.words("TEXT"), ["--json", "-h", "-5"])
    }

    func testSingleDashIsAPositional() throws {
        XCTAssertEqual(try parse(["lobby", "-"]).words("TEXT"), ["-"])
    }

    func testHelpWinsOverEverythingElse() throws {
        XCTAssertTrue(try parse(["--frobnicate", "--help"]).wantsHelp)
        XCTAssertTrue(try parse(["-h"]).wantsHelp)
    }

    func testUnknownOptions() {
        assertUsageError(["lobby", "--frobnicate"], .unknownOption("--frobnicate"))
        assertUsageError(["lobby", "-x"], .unknownOption("-x"))
        assertUsageError(["lobby", "--frob=1"], .unknownOption("--frob"))
    }

    func testMissingValueAtTheEndOrBeforeAnotherOption() {
        assertUsageError(["lobby", "--limit"], .missingValue(option: "limit"))
        assertUsageError(["lobby", "--limit", "--json"], .missingValue(option: "limit"))
    }

    func testFlagWithAValueIsRefused() {
        assertUsageError(["lobby", "--json=yes"], .unexpectedValue(option: "json"))
    }

    func testMissingRequiredArgument() {
        assertUsageError([], .missingArgument("CHANNEL"))
        assertUsageError(["--json"], .missingArgument("CHANNEL"))
    }

    func testExtraArgumentsWithoutAVariadicAreRefused() {
        let strict = CommandConfiguration(name: "read", abstract: "", arguments: [ArgumentDefinition(name: "CHANNEL", arity: .required, help: "")])
        XCTAssertThrowsError(try ArgumentParser(configuration: strict, globalOptions: []).parse(["lobby", "extra"])) { error in
            XCTAssertEqual(error as? UsageError, .unexpectedArgument("extra"))
        }
    }

    func testEmptyInlineValueIsKept() throws {
        XCTAssertEqual(try parse(["lobby", "--limit="]).value("limit"), "")
    }

    func testRepeatedOptionKeepsTheLastValue() throws {
        XCTAssertEqual(try parse(["lobby", "--limit", "1", "--limit", "2"]).value("limit"), "2")
    }

    func testIntegerValidation() throws {
        XCTAssertEqual(try parse(["lobby"]).integer("limit", default: 20, in: 1...1000), 20)
        XCTAssertEqual(try parse(["lobby", "--limit", "7"]).integer("limit", default: 20, in: 1...1000), 7)
        for bad in ["0", "1001", "x", "", "2.5"] {
            XCTAssertThrowsError(try parse(["lobby", "--limit=\(bad)"]).integer("limit", default: 20, in: 1...1000), bad) { error in
                guard case .invalidValue(option: "limit", value: bad, reason: _)? = error as? UsageError else {
                    return XCTFail("\(bad): \(error)")
                }
            }
        }
    }

    func testUsageErrorMessagesAreOneLine() {
        let errors: [UsageError] = [
            .unknownCommand("x"), .unknownOption("--x"), .missingValue(option: "x"), .unexpectedValue(option: "x"),
            .missingArgument("X"), .unexpectedArgument("x"), .invalidValue(option: "x", value: "y", reason: "z"),
            .invalidCombination("x"),
        ]
        for error in errors {
            XCTAssertFalse(error.message.isEmpty)
            XCTAssertFalse(error.message.contains("\n"), error.message)
        }
    }
}
