import Foundation

extension SynapseUser {
    /// Sends one to-device message of `type` to `device` of `user`, as any client may: a test's
    /// stand-in for a peer that sends what it likes.
    public func sendToDevice(_ type: String, to user: String, device: String, content: [String: Any],
                             transactionID: String = UUID().uuidString) async throws {
        let path = "sendToDevice/\(RawMatrix.encode(type))/\(RawMatrix.encode(transactionID))"
        _ = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: ["messages": [user: [device: content]]])
    }
}
