import TestSupport
import XCTest

/// Waiting for the screen of a client in tmux, as the encryption screens' tests do it.
extension XCTestCase {
    /// Waits up to `seconds` for `condition`; a failure names `what` and shows the last screen.
    @discardableResult
    func shown(_ client: TmuxSession, _ what: String, seconds: Double = 60, _ condition: ([String]) -> Bool) -> [String] {
        let seen = client.waitForScreen(seconds: seconds, condition)
        XCTAssertTrue(seen.shown, "never \(what):\n\(seen.screen.joined(separator: "\n"))")
        return seen.screen
    }

    /// Some row of the screen contains `needle`.
    func has(_ needle: String) -> ([String]) -> Bool { { $0.contains { $0.contains(needle) } } }
}
