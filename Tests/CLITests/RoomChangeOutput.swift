import Foundation
import TestSupport

/// `tteok read` prints membership and room changes beside what people said (issue 17); tests
/// about messages look at what was said, and check the change lines apart.
enum RoomChangeOutput {
    /// The `kind`s of `read --json` rows that are room changes, not anyone's words.
    static let kinds: Set<String> = ["membership", "roomName", "topic"]

    /// A plain `read` line of a room change: `2026-12-02 18:30  → Mina joined`.
    static func isChange(_ line: String) -> Bool {
        line.dropFirst("yyyy-MM-dd HH:mm".count).hasPrefix("  → ")
    }
}

extension ProcessResult {
    /// The plain lines of what people said, room change lines left out.
    var saidLines: [String] { lines.filter { !RoomChangeOutput.isChange($0) } }
    /// The plain room change lines.
    var changeLines: [String] { lines.filter(RoomChangeOutput.isChange) }
}

extension Array where Element == [String: Any] {
    /// The `read --json` rows of what people said, room changes left out.
    var said: [[String: Any]] { filter { !RoomChangeOutput.kinds.contains($0["kind"] as? String ?? "") } }
    /// The `read --json` rows of room changes.
    var changes: [[String: Any]] { filter { RoomChangeOutput.kinds.contains($0["kind"] as? String ?? "") } }
}
