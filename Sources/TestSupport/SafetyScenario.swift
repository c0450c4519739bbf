import ChatCore
import Foundation

/// Report and block, one scenario for every backend: the embedded community and Matrix must
/// behave the same, so both run this, not a copy of it. Three members share a channel: the
/// viewer, someone the viewer reports and blocks, and someone else.
///
/// What must hold: a report reaches the backend (read back without the viewer's service) and
/// changes nothing shown; a block makes the blocked member's messages, live ones included, their
/// conversation and their part of the unread badge vanish at once, and refuses messages to them;
/// unblocking brings everything back, messages sent during the block included.
public struct SafetyScenario: Sendable {
    /// A report as the backend stored it.
    public struct StoredReport: Hashable, Sendable {
        public var message: String
        public var reason: String

        public init(message: String, reason: String) {
            self.message = message
            self.reason = reason
        }
    }

    /// The first expectation that did not hold, with what was seen.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let viewer: any ChatService
    public let blocked: any ChatService
    public let other: any ChatService
    public let channel: ChannelID
    /// The reports the backend holds, read from its storage (not through `viewer`).
    public let storedReports: @Sendable () async throws -> [StoredReport]
    /// How long a change may take to show (Matrix goes through the server's sync).
    public var patience: TimeInterval = 15

    public init(viewer: any ChatService, blocked: any ChatService, other: any ChatService, channel: ChannelID,
                storedReports: @escaping @Sendable () async throws -> [StoredReport]) {
        self.viewer = viewer
        self.blocked = blocked
        self.other = other
        self.channel = channel
        self.storedReports = storedReports
    }

    public func run() async throws {
        for service in [viewer, blocked, other] { _ = try await service.latestMessages(in: channel, limit: 1) }
        let viewerID = try await Self.memberID(viewer), blockedID = try await Self.memberID(blocked)
        _ = try await blocked.send("bad words", to: channel)
        _ = try await other.send("carol here", to: channel)
        _ = try await blocked.sendDirect("psst", to: viewerID)
        try await expect("everything shows before the block", texts: ["bad words", "carol here"], unread: 2, conversationWith: blockedID)

        try await report(blockedID)
        let live = LiveRecorder(viewer)
        defer { live.cancel() }
        try await until("the viewer listens live") { await viewer.liveListenerCount() > 0 }
        let name = try await Self.nickname(blocked)
        try await until("a search finds them") { try await viewer.searchMembers(name).map(\.id).contains(blockedID) }
        try await viewer.block(blockedID)
        try await until("the block is announced") { live.events.contains(.blocksChanged) }
        try await until("the blocked list names them") { try await viewer.blockedUsers().map(\.id) == [blockedID] }
        try await expect("the block hides them at once", texts: ["carol here"], unread: 1, conversationWith: nil, hidden: blockedID)
        do {
            _ = try await viewer.sendDirect("no", to: blockedID)
            throw Failure(description: "a message to a blocked member was sent")
        } catch ChatError.denied(.blocked) {}

        _ = try await blocked.send("still here?", to: channel)
        _ = try await other.send("after block", to: channel)
        try await until("a live message from someone else arrives") { live.texts.contains("after block") }
        if live.texts.contains("still here?") { throw Failure(description: "a blocked member's live message arrived: \(live.texts)") }
        try await expect("nothing live from them", texts: ["carol here", "after block"], unread: 2, conversationWith: nil, hidden: blockedID)

        if try await viewer.searchMembers(name).map(\.id).contains(blockedID) { throw Failure(description: "a search found a blocked member") }
        try await viewer.unblock(blockedID)
        try await until("the blocked list is empty") { try await viewer.blockedUsers().isEmpty }
        try await until("a search finds them again") { try await viewer.searchMembers(name).map(\.id).contains(blockedID) }
        try await expect("unblocking brings everything back", texts: ["bad words", "carol here", "still here?", "after block"],
                         unread: 4, conversationWith: blockedID)
    }

    /// Reports the blocked member's message; the backend has it, and nothing shown changed.
    private func report(_ sender: UserID) async throws {
        let page = try await viewer.latestMessages(in: channel, limit: 20)
        guard let bad = page.messages.first(where: { $0.senderID == sender }) else {
            throw Failure(description: "no message of \(sender.raw) to report: \(page.messages.map(\.content.summary))")
        }
        try await viewer.report(bad.id, in: channel, reason: "abuse \u{1B}[2J")
        try await until("the backend stored the report") {
            try await storedReports() == [StoredReport(message: bad.id.raw, reason: "abuse \u{1B}[2J")]
        }
        try await expect("a report changes nothing shown", texts: ["bad words", "carol here"], unread: 2, conversationWith: sender)
    }

    /// Waits until the channel shows `texts` (oldest first), its badge counts `unread`, and the
    /// conversation with `conversationWith` is listed (nil: the one with `hidden` is not).
    private func expect(_ what: String, texts: [String], unread: Int, conversationWith shown: UserID?, hidden: UserID? = nil) async throws {
        var seen = ""
        try await until(what, detail: { seen }) {
            let page = try await viewer.latestMessages(in: channel, limit: 20).messages.filter { !$0.content.isRoomChange }.map(\.content.summary)
            let count = try await viewer.unreadCount(in: channel)
            let others = try await viewer.conversations().map(\.other.id)
            seen = "messages \(page), unread \(count), conversations with \(others.map(\.raw))"
            let conversationsRight = shown.map(others.contains) ?? !others.contains(hidden ?? UserID(""))
            return page == texts && count == unread && conversationsRight
        }
    }

    private func until(_ what: String, detail: () -> String = { "" }, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if try await condition() { return }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if try await condition() { return }
        throw Failure(description: "\(what): not within \(Int(patience)) s; \(detail())")
    }

    private static func nickname(_ service: any ChatService) async throws -> String {
        guard case .member(let account) = await service.viewer() else { throw Failure(description: "a participant is not a member") }
        return account.nickname
    }

    private static func memberID(_ service: any ChatService) async throws -> UserID {
        guard case .member(let account) = await service.viewer() else { throw Failure(description: "a participant is not a member") }
        return account.id
    }
}

/// A service's live events as they arrive.
private final class LiveRecorder: Sendable {
    private let recorded = Collected<ChatEvent>()
    private let task: Task<Void, Never>

    init(_ service: any ChatService) {
        let stream = service.events()
        task = Task { [recorded] in
            for await event in stream { recorded.append(event) }
        }
    }

    var events: [ChatEvent] { recorded.values }

    var texts: [String] {
        events.flatMap { event -> [String] in
            guard case .messagesAdded(_, let messages) = event else { return [] }
            return messages.map(\.content.summary)
        }
    }

    func cancel() { task.cancel() }
}
