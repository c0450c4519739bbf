import Foundation
import TestSupport
import XCTest

/// The image libraries are opened when an image is first decoded or drawn, not at start (the
/// loader's own account, `LD_DEBUG=files`, of the real client in tmux); and a system without one
/// of them shows or sends no such image, says which library is missing, and goes on. (Were a
/// wrapper of CImageLibraries called without its library, the process would end.)
final class LazyImageLibrariesEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var sessions: [TmuxSession] = []
    private var store: String { directory.file("community.sqlite").path }

    /// The files the loader opens for images: libchafa (and glib, and glib's pcre2) for every
    /// preview, one decoder for each format.
    static let imageLibraries = ["libchafa.so.0", "libglib-2.0.so.0", "libpcre2-8.so.0", "libpng16.so.16", "libjpeg.so.62", "libgif.so.7",
                                 "libwebp.so.7"]

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "lazy-images")
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        directory = nil
    }

    func testTheClientOpensNoImageLibraryUntilItShowsAnImage() throws {
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let trace = directory.file("loader")
        try FileManager.default.createDirectory(at: trace, withIntermediateDirectories: true)
        let terminal = try mina.terminal(["--channel", "lobby"], stderr: directory.file("stderr"),
                                         environment: ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": trace.appendingPathComponent("ld").path])
        sessions.append(terminal)
        let started = terminal.waitForScreen(containing: "Type a message")
        XCTAssertTrue(started.shown, started.screen.joined(separator: "\n"))
        XCTAssertEqual(try opened(in: trace), [], "opened at start")

        let png = directory.file("sunset.png")
        try TestImages.png(width: 64, height: 32).write(to: png)
        try terminal.type("/image " + png.path)
        try terminal.keys("Enter")
        let expected: Set = ["libchafa.so.0", "libglib-2.0.so.0", "libpcre2-8.so.0", "libpng16.so.16"]
        // The loader writes a library's line before it opens what that library needs: seen at
        // libchafa's line, glib's and pcre2's could still be on their way (a suite run failed so).
        XCTAssertTrue(waitUntil(seconds: 20) { (try? opened(in: trace).isSuperset(of: expected)) == true }, "no preview drawn")
        XCTAssertEqual(try opened(in: trace), expected, "a PNG's preview opens chafa and libpng only")
    }

    func testWithoutLibpngAPNGIsRefusedWithItsReasonAndAJPEGStillPosts() throws {
        try XCTSkipUnless(getuid() == 0, "a library is hidden in a mount namespace of its own: root only")
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let png = directory.file("sunset.png"), jpeg = directory.file("dawn.jpg")
        try TestImages.png(width: 20, height: 10).write(to: png)
        try TestImages.jpeg(width: 16, height: 8).write(to: jpeg)

        let refused = try hiding("libpng16.so.16", run: mina, ["post", "--image", png.path, "lobby"])
        XCTAssertEqual(refused.status, 1, "\(refused)")
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("libpng16-16") && refused.stderr.contains("libpng16.so.16"), refused.stderr)
        let posted = try hiding("libpng16.so.16", run: mina, ["post", "--image", jpeg.path, "lobby"])
        XCTAssertEqual(posted.status, 0, "libjpeg is all a JPEG needs: \(posted)")
        let read = try mina.run(["read", "lobby", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]], "\(read)")
        XCTAssertEqual(rows.compactMap { ($0["image"] as? [String: Any])?["fileName"] as? String }, ["dawn.jpg"])
    }

    func testWithoutLibchafaAnImageShowsWhyItHasNoPreview() throws {
        try XCTSkipUnless(getuid() == 0, "a library is hidden in a mount namespace of its own: root only")
        let mina = try TteokUser.signedUpMember("mina", in: directory, store: store)
        let png = directory.file("sunset.png")
        try TestImages.png(width: 64, height: 32).write(to: png)
        XCTAssertEqual(try mina.run(["post", "--image", png.path, "lobby"]).status, 0)

        let command = try hidingCommand("libchafa.so.0", [mina.binary.path] + mina.backendArguments + ["--channel", "lobby"])
        let terminal = try TmuxSession(command: command + " 2>" + directory.file("stderr").path + "; echo \"EXITED $?\"; sleep 60",
                                       width: 100, height: 32, environment: mina.environment)
        sessions.append(terminal)
        let shown = terminal.waitForScreen(containing: "libchafa0")
        XCTAssertTrue(shown.shown, shown.screen.joined(separator: "\n"))
        try terminal.type("still here")
        try terminal.keys("Enter")
        let goesOn = terminal.waitForScreen { screen in screen.contains { $0.contains("still here") } && !screen.contains { $0.contains("EXITED") } }
        XCTAssertTrue(goesOn.shown, goesOn.screen.joined(separator: "\n"))
    }

    // MARK: Helpers

    /// Which of `imageLibraries` the loader opened, in every process whose trace is in `folder`.
    private func opened(in folder: URL) throws -> Set<String> {
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            let trace = try String(contentsOf: file, encoding: .utf8)
            found.formUnion(Self.imageLibraries.filter { trace.contains("file=\($0) ") })
        }
        return found
    }

    /// Runs `tteok` as `person` where the library `soname` cannot be loaded.
    private func hiding(_ soname: String, run person: TteokUser, _ arguments: [String]) throws -> ProcessResult {
        let command = try hidingCommand(soname, [person.binary.path] + person.backendArguments + arguments)
        return try ProcessRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: person.environment, timeout: 60)
    }

    /// A shell command that runs `words` in a mount namespace of its own (`unshare`, private: the
    /// machine's mounts are untouched) where /dev/null is bound over the library's file, so the
    /// loader finds it and refuses it ("file too short").
    private func hidingCommand(_ soname: String, _ words: [String]) throws -> String {
        let listed = try ProcessRun.run(URL(fileURLWithPath: "/sbin/ldconfig"), ["-p"], environment: ProcessInfo.processInfo.environment, timeout: 20)
        let line = try XCTUnwrap(listed.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") },
                                 "\(soname) is not installed: \(listed)")
        let path = try XCTUnwrap(line.components(separatedBy: " => ").last)
        let inner = "mount --bind /dev/null " + TteokUser.quoted(path) + " && exec " + words.map(TteokUser.quoted).joined(separator: " ")
        return "unshare --mount --propagation private sh -c " + TteokUser.quoted(inner)
    }
}
