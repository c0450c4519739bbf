import ChatCore
import Dispatch
import Foundation
@testable import Matrix

/// Any bytes a homeserver might answer with: every response type decodes or fails cleanly, error
/// bodies map to errors, event contents map to domain values, and a sync that decodes is written
/// to a real cache (SQLite in a temporary directory) without crashing; so is a sliding-sync window
/// read by `SlidingSyncReader`.
enum MatrixHarness {
    static let me = "@fuzz:localhost"
    static let cache: MatrixCache? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-fuzz-\(getpid())")
        return try? MatrixCache(directory: directory, homeserver: URL(string: "http://127.0.0.1:1")!, userID: me)
    }()

    static func run(_ bytes: [UInt8]) {
        let data = repairChecked(Data(bytes))
        decodeAll(data)
        for status in [400, 401, 403, 429, 500] {
            _ = MatrixClient.failure(status: status, body: data, endpoint: Endpoint.client(.get, "sync")).localizedDescription
        }
        if let event = try? JSONDecoder().decode(RoomEvent.self, from: data) { map(event) }
        if let page = try? JSONDecoder().decode(MessagesResponse.self, from: data) { (page.chunk + (page.state ?? [])).forEach(map) }
        if let sync = try? JSONDecoder().decode(SyncResponse.self, from: data) { store(sync) }
        // The sliding-sync window is read by hand (JSONScan), not by JSONDecoder: the same bytes
        // through it, and a window it accepts stored as the client stores one.
        if let window = try? SlidingSyncReader.read(Data(bytes)) { store(window.asSyncResponse(me: me)) }
    }

    /// The client repairs lone surrogate escapes before decoding; the repair must keep the length,
    /// change nothing in JSON Foundation already accepts, and be done after one pass.
    static func repairChecked(_ data: Data) -> Data {
        let repaired = LoneSurrogates.repaired(data)
        Invariant.require(repaired.count == data.count, "the repair changed the length")
        Invariant.require(LoneSurrogates.repaired(repaired) == repaired, "the repair is not idempotent")
        if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil {
            Invariant.require(repaired == data, "the repair changed JSON that parsed")
        }
        return repaired
    }

    static func decodeAll(_ data: Data) {
        let decoder = JSONDecoder()
        _ = try? decoder.decode(SessionResponse.self, from: data)
        _ = try? decoder.decode(ErrorBody.self, from: data)
        _ = try? decoder.decode(PublicRoomsResponse.self, from: data)
        _ = try? decoder.decode(JoinedRoomsResponse.self, from: data)
        _ = try? decoder.decode(RoomIDResponse.self, from: data)
        _ = try? decoder.decode(EventIDResponse.self, from: data)
        _ = try? decoder.decode(ProfileResponse.self, from: data)
        _ = try? decoder.decode(UserDirectoryResponse.self, from: data)
        _ = try? decoder.decode(MediaUploadResponse.self, from: data)
        _ = try? decoder.decode(IgnoredUsersContent.self, from: data)
        _ = try? decoder.decode(TteokProfileContent.self, from: data)
        _ = try? decoder.decode(JSONValue.self, from: data)
    }

    /// An event's content as each typed view, then as a message and its display text.
    static func map(_ event: RoomEvent) {
        if let content = event.content.timeline?.message {
            let message = DomainMapping.content(content)
            _ = InertText.sanitize(message.summary, layout: .multiLine)
        }
        _ = event.content.json?.decode(as: PowerLevelsContent.self)?.canSendMessages(me)
        _ = event.content.json?.decode(as: MemberContent.self)
        _ = DomainMapping.nickname(event.content.json?["displayname"]?.stringValue, of: event.sender)
    }

    /// Writes the sync to the cache, waiting for it (the driver calls us synchronously).
    static func store(_ sync: SyncResponse) {
        guard let cache else { return }
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await cache.apply(sync)
            done.signal()
        }
        done.wait()
    }
}
