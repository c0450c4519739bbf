import Foundation
import Storage

extension SynapseServer {
    /// The reports the test server stored for `room` (`POST /rooms/…/report/…`), oldest first,
    /// read from its own database: proof that a report reached the server, without an admin
    /// account. Only the server `scripts/synapse.sh` started from this checkout can be read.
    public static func eventReports(in room: String) throws -> [(eventID: String, reason: String)] {
        let data = packageRoot.appendingPathComponent(".build/synapse")
        let started = (try? String(contentsOf: data.appendingPathComponent("url"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let inUse = try url().absoluteString
        guard let started, [inUse, inUse.trimmingCharacters(in: CharacterSet(charactersIn: "/"))].contains(started) else {
            throw Missing(detail: "reports are read from the database of the server in \(data.path), and the server in use is another one")
        }
        var configuration = Database.Configuration()
        configuration.observesOtherProcesses = false
        let database = try Database(path: data.appendingPathComponent("homeserver.db").path, configuration: configuration)
        let rows = try database.readSync {
            try $0.query("SELECT event_id, reason FROM event_reports WHERE room_id = ? ORDER BY id", [.text(room)])
        }
        return rows.map { (eventID: $0[0].string ?? "", reason: $0[1].string ?? "") }
    }
}
