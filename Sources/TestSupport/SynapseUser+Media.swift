import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SynapseUser {
    /// Uploads bytes to the media repository as any Matrix client would; returns the `mxc://` URI.
    public func upload(_ data: Data, fileName: String, contentType: String) async throws -> String {
        let base = server.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard let url = URL(string: base + "/_matrix/media/v3/upload?filename=" + RawMatrix.encode(fileName)) else {
            throw RawMatrix.Failure(text: "bad upload URL")
        }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = "POST"
        request.httpBody = data
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        let (answer, status) = try await RawMatrix.exchange(request)
        let object = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status), let uri = object["content_uri"] as? String else {
            throw RawMatrix.Failure(text: "upload: HTTP \(status) \(String(decoding: answer, as: UTF8.self))")
        }
        return uri
    }

    /// Sends an `m.room.message` with any content (e.g. an `m.image` shaped like another client's).
    @discardableResult
    public func sendMessage(_ content: [String: Any], to room: String, transactionID: String = UUID().uuidString) async throws -> String {
        let path = "rooms/\(RawMatrix.encode(room))/send/m.room.message/\(RawMatrix.encode(transactionID))"
        let answer = try await RawMatrix.request(server, "PUT", path, token: accessToken, body: content)
        guard let event = answer["event_id"] as? String else { throw RawMatrix.Failure(text: "send answered \(answer)") }
        return event
    }
}
