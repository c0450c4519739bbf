import Foundation
import XCTest
@testable import Matrix

/// The transfer threads on real pthreads: work one after another reuses one thread; blocking
/// work that overlaps gets a thread each at once (none waits for another to end).
final class TransferThreadsTests: XCTestCase {
    func testWorkOneAfterAnotherReusesAThread() {
        let threads = TransferThreads()
        for index in 0..<20 {
            let done = DispatchSemaphore(value: 0)
            threads.run { done.signal() }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "work \(index) did not run")
            // The thread that ran it is back waiting before the next is given.
            XCTAssertTrue(waitUntil { threads.idleCount == 1 }, "no idle thread after work \(index)")
        }
        XCTAssertEqual(threads.threadCount, 1, "a thread was started for work that could reuse one")
    }

    func testOverlappingBlockingWorkRunsAtOnce() {
        let threads = TransferThreads()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            threads.run {
                started.signal()
                release.wait()
            }
        }
        // All four block until released: each must be on a thread of its own.
        for index in 0..<4 {
            XCTAssertEqual(started.wait(timeout: .now() + 10), .success, "blocked work \(index) never started")
        }
        XCTAssertEqual(threads.threadCount, 4)
        for _ in 0..<4 { release.signal() }
        XCTAssertTrue(waitUntil { threads.idleCount == 4 })
        // Two more, while four are idle: no new thread.
        let done = DispatchSemaphore(value: 0)
        threads.run { done.signal() }
        threads.run { done.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(threads.threadCount, 4)
    }

    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition(), Date() < deadline { usleep(1_000) }
        return condition()
    }
}
