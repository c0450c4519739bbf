import Dispatch
import XCTest
@testable import Matrix

/// The gate a new session's first readers wait at: each wait ends once, by the opening, its
/// deadline or its task's cancellation, whichever comes first.
final class OpenOnceGateTests: XCTestCase {
    func testEveryWaiterIsReleasedWhenTheGateOpens() async {
        let gate = OpenOnceGate()
        let waiting = (0..<5).map { _ in Task { await gate.wait(seconds: 60) } }
        gate.open()
        for waiter in waiting {
            let opened = await waiter.value
            XCTAssertTrue(opened, "a waiter was not told the gate opened")
        }
        let late = await gate.wait(seconds: 60)
        XCTAssertTrue(late, "a wait after the opening did not return at once")
    }

    func testAWaitEndsAtItsDeadlineWhenTheGateStaysShut() async {
        let gate = OpenOnceGate()
        let started = DispatchTime.now()
        let opened = await gate.wait(seconds: 0.05)
        let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        XCTAssertFalse(opened)
        XCTAssertGreaterThanOrEqual(waited, 0.05, "the wait ended before its deadline")
        XCTAssertLessThan(waited, 30, "the wait outlived its deadline")
    }

    func testACancelledWaitEndsAtOnce() async {
        let gate = OpenOnceGate()
        let waiter = Task { await gate.wait(seconds: 600) }
        waiter.cancel()
        let started = DispatchTime.now()
        let opened = await waiter.value
        let waited = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        XCTAssertFalse(opened)
        XCTAssertLessThan(waited, 30, "a cancelled wait held its task until the deadline")
        // The gate still works for the others.
        gate.open()
        let after = await gate.wait(seconds: 60)
        XCTAssertTrue(after)
    }
}
