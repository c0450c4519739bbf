import Foundation
import TestSupport
import XCTest

/// `scripts/install.sh --prefix` into a temporary folder, then what was installed, used as a user
/// would: the binary's version and size, the man page through `man`, the completions through
/// their shells, the scripting commands, and `--uninstall`. The release build (minutes on this
/// machine) is made once for the class, in its own SwiftPM folder (`.build/install`), so it
/// neither waits for nor disturbs the test run's own build folder.
final class InstallTests: XCTestCase {
    /// The first release build of the package on 2 shared cores takes about 4-6 minutes.
    static let installDeadline: Double = 1200

    nonisolated(unsafe) private static var prefix: TemporaryDirectory?
    nonisolated(unsafe) private static var installOutcome: Result<ProcessResult, Error>?

    private static var scratch: URL { PackageRoot.url.appendingPathComponent(".build/install") }

    private static func script(_ arguments: [String], timeout: Double = 60) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["TTEOK_SCRATCH_PATH"] = scratch.path
        return try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [PackageRoot.url.appendingPathComponent("scripts/install.sh").path] + arguments,
                                  environment: environment, timeout: timeout)
    }

    override class func setUp() {
        super.setUp()
        do {
            let directory = try TemporaryDirectory(prefix: "install")
            prefix = directory
            installOutcome = Result { try script(["--prefix", directory.path], timeout: installDeadline) }
        } catch {
            installOutcome = .failure(error)
        }
    }

    override class func tearDown() {
        prefix = nil
        super.tearDown()
    }

    /// The install prefix, once the install succeeded.
    private func installed() throws -> URL {
        let result = try XCTUnwrap(Self.installOutcome).get()
        XCTAssertEqual(result.status, 0, "install.sh failed: \(result)")
        guard result.status == 0, let prefix = Self.prefix else { throw XCTSkip("no install") }
        return prefix.url
    }

    private func run(_ program: String, _ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil) throws -> ProcessResult {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        return try ProcessRun.run(URL(fileURLWithPath: program), arguments, environment: environment, stdin: stdin, timeout: 60)
    }

    func testInstalledBinaryPrintsVersionAndCommit() throws {
        let binary = try installed().appendingPathComponent("bin/tteok")
        let version = try run(binary.path, ["--version"])
        XCTAssertEqual(version.status, 0, "\(version)")
        let head = try run("/usr/bin/git", ["-C", PackageRoot.url.path, "rev-parse", "--short=12", "HEAD"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(version.stdout.hasPrefix("tteok 0.1.0 (commit \(head)"), "\(version.stdout) should name HEAD \(head)")
        XCTAssertEqual(try run(binary.path, ["version"]).stdout, version.stdout)
    }

    /// Issue 20's budget, "≤ 20 MB", in its strict reading (10^6 bytes, not MiB); and the size was
    /// not bought by dropping the unwind tables that debuggers and `perf --call-graph dwarf` use.
    func testInstalledBinaryIsWithinTheSizeBudgetAndKeepsItsUnwindTables() throws {
        let binary = try installed().appendingPathComponent("bin/tteok").path
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int)
        XCTAssertLessThanOrEqual(bytes, 20_000_000, "the installed tteok is \(bytes) bytes (README \"Size\")")
        let sections = try run("/usr/bin/readelf", ["--section-headers", "--wide", binary])
        XCTAssertEqual(sections.status, 0, "\(sections)")
        let names = Set(sections.lines.compactMap { $0.split(separator: "]").dropFirst().first?.split(separator: " ").first.map(String.init) })
        XCTAssertTrue(names.isSuperset(of: [".eh_frame", ".eh_frame_hdr"]), "unwind tables missing: \(names.sorted())")
        XCTAssertFalse(names.contains(".symtab"), "the installed binary is not stripped")
    }

    func testManPageRendersWithoutWarningsAndListsEveryCommand() throws {
        let page = try installed().appendingPathComponent("share/man/man1/tteok.1")
        let rendered = try run("/usr/bin/man", ["--warnings", "-l", page.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertEqual(rendered.status, 0, "\(rendered)")
        XCTAssertEqual(rendered.stderr, "", "man warns: \(rendered.stderr)")
        XCTAssertTrue(rendered.stdout.contains("TTEOK(1)"))
        for command in ["signup", "login", "channels", "read", "post", "version"] {
            XCTAssertTrue(rendered.stdout.contains("tteok \(command)"), "the page lacks \(command)")
        }
        let longest = rendered.stdout.split(separator: "\n").map(\.count).max() ?? 0
        XCTAssertLessThanOrEqual(longest, 80, "MANWIDTH=80 is not kept")
    }

    func testCompletionsParseInTheirShellsAndBashCompletesCommandsAndValues() throws {
        let share = try installed().appendingPathComponent("share")
        let bash = share.appendingPathComponent("bash-completion/completions/tteok").path
        XCTAssertEqual(try run("/bin/bash", ["-n", bash]).status, 0)
        for (shell, file) in [("zsh", "zsh/site-functions/_tteok"), ("fish", "fish/vendor_completions.d/tteok.fish")] {
            guard let program = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile) else {
                XCTAssertNotEqual(shell, "zsh", "zsh is missing: run scripts/install-packages.sh")
                continue
            }
            let checked = try run(program, ["-n", share.appendingPathComponent(file).path])
            XCTAssertEqual(checked.status, 0, "\(shell): \(checked)")
        }
        // What bash offers, as it would at a prompt.
        let probe = """
        source \(bash)
        offer() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _tteok; echo "${COMPREPLY[*]}"; }
        offer tteok re
        offer tteok read lobby --li
        offer tteok --lang ''
        offer tteok --store /tmp/x.sqlite po
        """
        let offered = try run("/bin/bash", ["-c", probe]).lines
        XCTAssertEqual(offered, ["read react reports", "--limit", "en ko", "post"])
    }

    func testInstalledBinaryRunsTheScriptingCommands() throws {
        let binary = try installed().appendingPathComponent("bin/tteok").path
        let home = try TemporaryDirectory(prefix: "install-home")
        let store = home.file("community.sqlite").path
        let environment = ["HOME": home.path, "XDG_DATA_HOME": home.file("data").path, "XDG_CONFIG_HOME": home.file("config").path,
                           "XDG_CACHE_HOME": home.file("cache").path, "LANG": "C.UTF-8"]
        let signup = try run(binary, ["signup", "--store", store, "--email", "mina@example.com", "--password-stdin", "--nickname", "Mina",
                                      "--region", "마포구", "--accept-terms"], environment: environment, stdin: "correct horse battery\n")
        XCTAssertEqual(signup.status, 0, "\(signup)")
        let post = try run(binary, ["post", "--store", store, "lobby", "installed and working"], environment: environment)
        XCTAssertEqual(post.status, 0, "\(post)")
        let read = try run(binary, ["read", "--store", store, "lobby", "--json"], environment: environment)
        XCTAssertEqual(read.status, 0, "\(read)")
        XCTAssertTrue(read.stdout.contains("\"text\" : \"installed and working\""), read.stdout)
    }

    func testUninstallRemovesEverythingItInstalledAndNothingElse() throws {
        _ = try installed()
        let other = try TemporaryDirectory(prefix: "install-again")
        let keep = other.file("share/man/man1/someone-else.1")
        try FileManager.default.createDirectory(at: keep.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not ours\n".utf8).write(to: keep)
        // Installing twice is an update, not a second copy; the build is already there.
        for _ in 0..<2 { XCTAssertEqual(try Self.script(["--prefix", other.path], timeout: 180).status, 0) }
        let manifest = other.file("share/tteok/install-manifest")
        XCTAssertTrue(FileManager.default.fileExists(atPath: manifest.path))
        let removed = try Self.script(["--uninstall", "--prefix", other.path])
        XCTAssertEqual(removed.status, 0, "\(removed)")
        XCTAssertEqual(try remainingFiles(other.url), ["share/man/man1/someone-else.1"], "only the file that was not ours is left")
        try FileManager.default.removeItem(at: other.file("share"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: other.path), [])
    }

    func testUninstallRefusesAManifestThatNamesFilesOutsideThePrefix() throws {
        _ = try installed()
        let other = try TemporaryDirectory(prefix: "install-hostile")
        let outside = try TemporaryDirectory(prefix: "install-outside")
        let victim = outside.file("precious.txt")
        try Data("keep me\n".utf8).write(to: victim)
        let manifest = other.file("share/tteok/install-manifest")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        for line in ["f \(victim.path)", "f \(other.path)/share/../../\(outside.url.lastPathComponent)/precious.txt"] {
            try Data("\(line)\n".utf8).write(to: manifest)
            let refused = try Self.script(["--uninstall", "--prefix", other.path])
            XCTAssertEqual(refused.status, 2, "\(refused)")
            XCTAssertTrue(refused.stderr.contains("nothing removed"), refused.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: victim.path), "a file outside the prefix was removed")
            XCTAssertTrue(FileManager.default.fileExists(atPath: manifest.path))
        }
    }

    /// Every regular file under `directory`, relative to it, sorted.
    private func remainingFiles(_ directory: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
