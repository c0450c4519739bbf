import Dispatch
import TestSupport
import TUI
import XCTest

final class AppLoopTests: XCTestCase {
    /// Lets every block already queued on the main queue run.
    @MainActor func drainMainQueue() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    @MainActor func makeLoop(_ terminal: RecordingTerminal, keys: @escaping @MainActor (Key) -> Void = { _ in }) -> AppLoop {
        AppLoop(backend: terminal, theme: .orange, draw: { canvas in
            canvas.draw("size \(canvas.width)x\(canvas.height)", row: 0, in: canvas.bounds)
            return Point(row: 0, column: 1)
        }, onKey: keys)
    }

    @MainActor func testABurstOfChangesIsOneFrame() async throws {
        let terminal = RecordingTerminal(size: Size(width: 20, height: 2))
        let loop = makeLoop(terminal)
        try loop.start()
        XCTAssertTrue(terminal.isStarted)
        await drainMainQueue()
        XCTAssertEqual(loop.frameCount, 1)
        XCTAssertEqual(terminal.lines[0], "size 20x2")
        XCTAssertEqual(terminal.cursor, Point(row: 0, column: 1))
        for _ in 0..<50 { loop.markDirty() }
        await drainMainQueue()
        XCTAssertEqual(loop.frameCount, 2, "fifty changes in one turn draw one frame")
        await drainMainQueue()
        XCTAssertEqual(loop.frameCount, 2, "nothing dirty, nothing drawn")
    }

    @MainActor func testInputBytesBecomeKeysInOrder() async throws {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 1))
        var keys: [Key] = []
        let loop = makeLoop(terminal) { keys.append($0) }
        try loop.start()
        let bytes = Array("a한\u{1B}[A".utf8)
        terminal.send(.input(Array(bytes[0..<3])))
        terminal.send(.input(Array(bytes[3...])))
        XCTAssertEqual(keys, [.character("a"), .character("한"), .up])
    }

    @MainActor func testALoneEscapeIsDeliveredAfterTheDelay() async throws {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 1))
        var keys: [Key] = []
        let loop = makeLoop(terminal) { keys.append($0) }
        loop.escapeDelay = .milliseconds(1)
        try loop.start()
        terminal.send(.input([0x1B]))
        XCTAssertEqual(keys, [])
        let deadline = Date().addingTimeInterval(5)
        while keys.isEmpty, Date() < deadline {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertEqual(keys, [.escape])
    }

    @MainActor func testAnEscapeSequenceCompletedInTimeIsNotAnEscape() async throws {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 1))
        var keys: [Key] = []
        let loop = makeLoop(terminal) { keys.append($0) }
        loop.escapeDelay = .seconds(30)
        try loop.start()
        terminal.send(.input([0x1B]))
        terminal.send(.input(Array("[B".utf8)))
        XCTAssertEqual(keys, [.down])
    }

    @MainActor func testResizeRedrawsEverythingAtTheNewSize() async throws {
        let terminal = RecordingTerminal(size: Size(width: 20, height: 2))
        var resized: [Size] = []
        let loop = makeLoop(terminal)
        loop.onResize = { resized.append($0) }
        try loop.start()
        await drainMainQueue()
        _ = terminal.takeWrites()
        terminal.send(.resized(Size(width: 12, height: 3)))
        await drainMainQueue()
        XCTAssertEqual(resized, [Size(width: 12, height: 3)])
        XCTAssertEqual(terminal.takeWrites().count, 36, "every cell of the new size")
        XCTAssertEqual(terminal.lines[0], "size 12x3")
    }

    @MainActor func testInputClosedIsReported() async throws {
        let terminal = RecordingTerminal(size: Size(width: 10, height: 1))
        var closed = false
        let loop = makeLoop(terminal)
        loop.onInputClosed = { closed = true }
        try loop.start()
        terminal.send(.inputClosed)
        XCTAssertTrue(closed)
        loop.stop()
        XCTAssertFalse(terminal.isStarted)
    }
}
