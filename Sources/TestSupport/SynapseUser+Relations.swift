import Foundation

extension SynapseUser {
    /// Reacts to `event` with `key` (`m.reaction`, `m.annotation`), as another client would;
    /// returns the reaction's event id.
    @discardableResult
    public func react(_ key: String, to event: String, in room: String) async throws -> String {
        let path = "rooms/\(RawMatrix.encode(room))/send/m.reaction/\(UUID().uuidString)"
        let content: [String: Any] = ["m.relates_to": ["rel_type": "m.annotation", "event_id": event, "key": key]]
        let answer = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: content)
        guard let id = answer["event_id"] as? String else { throw RawMatrix.Failure(text: "react answered \(answer)") }
        return id
    }
}
