import XCTest
@testable import tteok

/// The man page and the completions are written from the command definitions: every command
/// word and every option must be in each (so a new command cannot be missing from them).
final class GeneratedFilesTests: XCTestCase {
    private let commandLine = CommandLineDescription.tteok

    func testEveryRegisteredCommandIsDescribed() {
        let names = commandLine.commands.map(\.name)
        for command in CommandLineTool.commands {
            XCTAssertTrue(names.contains(command.configuration.name), command.configuration.name)
        }
        XCTAssertTrue(names.contains("help") && names.contains("version"))
    }

    func testEveryCommandAndOptionIsInEachGeneratedFile() {
        for generated in Generated.allCases {
            let text = generated.render(commandLine)
            let dash = generated == .man ? "\\-" : "-"
            for command in commandLine.commands {
                // roff writes a command's hyphen as `\-`, as it does an option's.
                XCTAssertTrue(text.contains(command.name.replacingAll("-", with: dash)), "\(generated) lacks \(command.name)")
                for option in commandLine.options(of: command) {
                    let name = generated == .fish ? "-l \(option.name)" : dash + dash + option.name.replacingAll("-", with: dash)
                    XCTAssertTrue(text.contains(name), "\(generated) lacks \(option.name) of \(command.name)")
                }
            }
            for option in commandLine.root.options {
                let name = generated == .fish ? "-l \(option.name)" : dash + dash + option.name.replacingAll("-", with: dash)
                XCTAssertTrue(text.contains(name), "\(generated) lacks root option \(option.name)")
            }
        }
    }

    func testManPageEscapesRoffAndNonASCII() {
        let page = ManPage(commandLine)
        XCTAssertEqual(page.escaped("a-b\\c 마"), "a\\-b\\ec \\[uB9C8]")
        XCTAssertFalse(page.render().unicodeScalars.contains { !$0.isASCII }, "the page is plain ASCII")
    }

    func testValueCompletionIsReadFromThePlaceholder() {
        XCTAssertEqual(ValueCompletion(.value("lang", "en|ko", help: "")), .choices(["en", "ko"]))
        XCTAssertEqual(ValueCompletion(.value("store", "PATH", help: "")), .files)
        XCTAssertEqual(ValueCompletion(.value("channel", "NAME", help: "")), .none)
        XCTAssertEqual(ValueCompletion(.flag("json", help: "")), .none)
    }

    func testVersionAndGenerateInvocations() throws {
        let root = InteractiveOptions.configuration.options + GlobalOptions.definitions
        for words in [["--version"], ["version"], ["--guest", "--version"], ["--store", "/tmp/x", "version"]] {
            guard case .version = try Invocation(words, commands: CommandLineTool.commands, rootOptions: root) else { return XCTFail("\(words)") }
        }
        guard case .generate(.zsh) = try Invocation(["--generate", "zsh"], commands: CommandLineTool.commands, rootOptions: root) else { return XCTFail() }
        XCTAssertThrowsError(try Invocation(["--generate", "pdf"], commands: CommandLineTool.commands, rootOptions: root))
        XCTAssertThrowsError(try Invocation(["--generate"], commands: CommandLineTool.commands, rootOptions: root))
        XCTAssertThrowsError(try Invocation(["--generate", "man", "extra"], commands: CommandLineTool.commands, rootOptions: root))
        XCTAssertTrue(BuildInfo.versionLine.hasPrefix("tteok \(BuildInfo.version) (commit "))
        XCTAssertFalse(BuildInfo.commit.isEmpty)
    }
}
