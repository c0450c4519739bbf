import ChatCore
import Foundation
import XCTest
@testable import tteok

/// The command line in-process: help, usage errors and validation, with a factory that records
/// whether any backend was opened (validation must finish before anything is opened).
final class CommandLineToolTests: XCTestCase {
    private final class RecordingFactory: BackendFactory, @unchecked Sendable {
        let opened = Mutex<[Backend]>([])
        let files = Mutex<[BackendFiles]>([])
        func makeService(for backend: Backend, files: BackendFiles) throws -> any ChatService {
            opened.withLock { $0.append(backend) }
            self.files.withLock { $0.append(files) }
            throw ChatError.unsupported("no backend in this test")
        }
    }

    private struct Outcome {
        let code: ExitCode
        let stdout: String
        let stderr: String
        let opened: [Backend]
        let files: [BackendFiles]
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    private let home = NSTemporaryDirectory() + "tteok-cli-\(UUID().uuidString)"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: home)
    }

    private func run(_ words: [String]) async -> Outcome {
        let out = Mutex(""), err = Mutex("")
        let factory = RecordingFactory()
        var tool = CommandLineTool(factory: factory)
        tool.console = Console(writeOut: { text in out.withLock { $0 += text } }, writeError: { text in err.withLock { $0 += text } })
        tool.input = StandardInput(readLine: { nil }, isTerminal: { false })
        tool.environment = ["HOME": home]
        let code = await tool.run(words)
        return Outcome(code: code, stdout: out.withLock { $0 }, stderr: err.withLock { $0 }, opened: factory.opened.withLock { $0 },
                       files: factory.files.withLock { $0 })
    }

    func testEveryCommandHasGeneratedHelp() async {
        for command in CommandLineTool.commands {
            let configuration = command.configuration
            for words in [[configuration.name, "--help"], [configuration.name, "-h"], ["help", configuration.name]] {
                let outcome = await run(words)
                XCTAssertEqual(outcome.code, .success, "\(words)")
                XCTAssertEqual(outcome.stderr, "", "\(words)")
                XCTAssertTrue(outcome.stdout.hasPrefix("USAGE: tteok \(configuration.name)"), outcome.stdout)
                XCTAssertTrue(outcome.stdout.contains(configuration.abstract))
                for option in configuration.options + GlobalOptions.definitions {
                    XCTAssertTrue(outcome.stdout.contains(option.synopsis), "\(configuration.name) help lacks \(option.synopsis)")
                }
                for argument in configuration.arguments {
                    XCTAssertTrue(outcome.stdout.contains(argument.synopsis), "\(configuration.name) help lacks \(argument.name)")
                }
                XCTAssertEqual(outcome.opened, [], "help must not open a backend")
            }
        }
    }

    func testRootHelpListsCommandsStartUpOptionsAndExitCodes() async {
        let outcome = await run(["--help"])
        XCTAssertEqual(outcome.code, .success)
        for command in CommandLineTool.commands {
            XCTAssertTrue(outcome.stdout.contains("  \(command.configuration.name) "), command.configuration.name)
        }
        for option in ["--guest", "--channel NAME", "--region NAME", "--theme NAME", "--lang en|ko", "--store PATH", "--homeserver URL", "--json"] {
            XCTAssertTrue(outcome.stdout.contains(option), option)
        }
        for code in ExitCode.allCases {
            XCTAssertTrue(outcome.stdout.contains("\(code.rawValue)  \(code.meaning)"), "\(code)")
        }
    }

    func testUsageErrorsAreOneLineExitTwoAndOpenNothing() async {
        let cases: [[String]] = [
            ["--frobnicate"], ["chanels"], ["read"], ["read", "lobby", "--frobnicate"], ["read", "lobby", "--limit", "0"],
            ["post"], ["post", "lobby", "--limit", "3"], ["whoami", "extra"], ["logout", "-x"],
            ["signup", "--email", "a@example.com"], ["signup", "--password-stdin"],
            ["signup", "--username", "mina", "--password-stdin"],
            ["login", "--email", "a@example.com", "--username", "mina", "--password-stdin"],
            ["login", "--email", "--password-stdin"],
            ["channels", "--store", "/tmp/a.sqlite", "--homeserver", "http://127.0.0.1:8008"],
            ["channels", "--homeserver", "ftp://example.com"], ["channels", "--homeserver", "not a url"],
            ["--lang", "fr"], ["--guest", "lobby"], ["--theme"], ["help", "nothing"], ["--images", "iterm"],
        ]
        for words in cases {
            let outcome = await run(words)
            XCTAssertEqual(outcome.code, .usage, "\(words): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderrLines.count, 1, "\(words): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("tteok: "), outcome.stderr)
            XCTAssertEqual(outcome.stdout, "", "\(words)")
            XCTAssertEqual(outcome.opened, [], "\(words) opened a backend before validation finished")
        }
    }

    func testErrorLinesAreInertAndStayOneLine() async {
        let outcome = await run(["read", "lobby", "--\u{1b}]0;pwned\u{07}\nsecond\u{202e}"])
        XCTAssertEqual(outcome.code, .usage)
        XCTAssertEqual(outcome.stderrLines.count, 1, outcome.stderr)
        XCTAssertFalse(outcome.stderr.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{07}" || $0 == "\u{202e}" }, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("^[]0;pwned^G"), outcome.stderr)
    }

    func testValidCommandLinesReachTheBackend() async {
        let outcome = await run(["--store", "/tmp/tteok-cli-test.sqlite", "read", "lobby", "--limit", "3", "--json"])
        XCTAssertEqual(outcome.opened, [.embedded(store: URL(fileURLWithPath: "/tmp/tteok-cli-test.sqlite"))])
        XCTAssertEqual(outcome.code, .failure)
        XCTAssertEqual(outcome.stderr, "tteok: no backend in this test\n")
    }

    func testMatrixCommandsAcceptUsername() async {
        let outcome = await run(["--homeserver", "http://127.0.0.1:8008", "login", "--username", "mina", "--password-stdin"])
        XCTAssertEqual(outcome.opened, [.matrix(homeserver: URL(string: "http://127.0.0.1:8008")!)])
    }

    func testBackendFilesAreTheUsersOwn() async throws {
        let outcome = await run(["--store", "/tmp/tteok-cli-test.sqlite", "whoami"])
        let files = try XCTUnwrap(outcome.files.first)
        XCTAssertTrue(files.sessionFile.path.hasPrefix(home + "/.local/state/tteok/sessions/"), files.sessionFile.path)
        XCTAssertEqual(files.cacheDirectory.path, home + "/.cache/tteok")
    }

    func testInteractiveStartUpOptions() throws {
        let parsed = try ArgumentParser(configuration: InteractiveOptions.configuration, globalOptions: GlobalOptions.definitions)
            .parse(["--guest", "--channel", "lobby", "--region", "마포구", "--theme", "dark", "--lang", "KO", "--store", "x.sqlite", "--images", "Kitty"])
        let options = try InteractiveOptions(parsed)
        XCTAssertEqual(options.images, .kitty)
        XCTAssertTrue(options.guest)
        XCTAssertEqual(options.channel, "lobby")
        XCTAssertEqual(options.region, "마포구")
        XCTAssertEqual(options.theme, "dark")
        XCTAssertEqual(options.language, .korean)
        XCTAssertEqual(GlobalOptions(parsed).store, "x.sqlite")
        let defaults = try InteractiveOptions(ParsedArguments())
        XCTAssertFalse(defaults.guest)
        XCTAssertEqual(defaults.images, .symbols, "symbols unless asked: they work in every terminal")
        XCTAssertNil(defaults.language)
    }
}
