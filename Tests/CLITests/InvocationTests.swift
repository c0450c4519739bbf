import XCTest
@testable import tteok

final class InvocationTests: XCTestCase {
    private let rootOptions = InteractiveOptions.configuration.options + GlobalOptions.definitions

    private func invocation(_ words: [String]) throws(UsageError) -> Invocation {
        try Invocation(words, commands: CommandLineTool.commands, rootOptions: rootOptions)
    }

    func testNoWordsStartsTheInteractiveClient() throws {
        guard case .interactive(let words) = try invocation([]) else { return XCTFail() }
        XCTAssertEqual(words, [])
    }

    func testRootOptionValuesAreNotTakenForACommand() throws {
        // `read` is the value of --channel here, not the read command.
        guard case .interactive(let words) = try invocation(["--channel", "read", "--guest"]) else { return XCTFail() }
        XCTAssertEqual(words, ["--channel", "read", "--guest"])
    }

    func testGlobalOptionsBeforeTheCommandStayWithIt() throws {
        guard case .command(let command, let words) = try invocation(["--store", "/tmp/c.sqlite", "read", "lobby", "--json"]) else {
            return XCTFail()
        }
        XCTAssertEqual(command.configuration.name, "read")
        XCTAssertEqual(words, ["--store", "/tmp/c.sqlite", "lobby", "--json"])
    }

    func testInlineValueDoesNotSwallowTheCommand() throws {
        guard case .command(let command, _) = try invocation(["--store=/tmp/c.sqlite", "channels"]) else { return XCTFail() }
        XCTAssertEqual(command.configuration.name, "channels")
    }

    /// The hint that starts the Matrix transport's load before parsing (`nameHomeserver`): both
    /// spellings of the option, wherever it stands, and nothing that merely starts like it.
    func testTheEarlyMatrixHintSeesBothSpellingsOfTheOption() throws {
        let cases: [([String], Bool)] = [
            (["--homeserver", "https://m.example"], true), (["--homeserver=https://m.example"], true),
            (["channels", "--homeserver", "http://127.0.0.1:8008"], true),
            ([], false), (["--homeservers", "x"], false), (["--store", "c.sqlite"], false), (["post", "general", "homeserver"], false),
        ]
        for (words, expected) in cases {
            XCTAssertEqual(GlobalOptions.nameHomeserver(words), expected, "\(words)")
        }
        // The parser reads the same option from both spellings.
        for words in [["--homeserver", "https://m.example"], ["--homeserver=https://m.example"]] {
            let parsed = try ArgumentParser(configuration: InteractiveOptions.configuration, globalOptions: GlobalOptions.definitions).parse(words)
            XCTAssertEqual(GlobalOptions(parsed).homeserver, "https://m.example")
        }
    }

    func testUnknownCommand() {
        XCTAssertThrowsError(try invocation(["chanels"])) { error in
            XCTAssertEqual(error as? UsageError, .unknownCommand("chanels"))
        }
    }

    func testHelpTopic() throws {
        guard case .help(let topic) = try invocation(["help", "post"]) else { return XCTFail() }
        XCTAssertEqual(topic, "post")
        guard case .help(nil) = try invocation(["help"]) else { return XCTFail() }
    }

    func testEveryCommandNameIsUniqueAndFindable() throws {
        let names = CommandLineTool.commands.map { $0.configuration.name }
        XCTAssertEqual(names, ["signup", "login", "logout", "whoami", "channels", "read", "search", "post", "react", "edit", "delete",
                               "invites", "accept", "decline", "reports", "channel", "moderator", "mute", "unmute", "ban", "unban", "sanctions", "terms",
                               "verify", "cross-signing", "keys"])
        for name in names {
            guard case .command(let command, let words) = try invocation([name]) else { return XCTFail(name) }
            XCTAssertEqual(command.configuration.name, name)
            XCTAssertEqual(words, [])
        }
    }
}
