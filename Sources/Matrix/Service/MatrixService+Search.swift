import ChatCore
import FoundationEssentials
import Storage

/// Search: the cache's full-text index first, then the server's `/search` for history the cache
/// lacks — only about joined rooms the cache does not know encrypted, and only results from rooms
/// the server's own state confirms unencrypted — merged by event id, newest first.
extension MatrixService {
    /// Server batches asked per page at most: a page never waits on more round trips than this.
    static let serverSearchBatches = 3

    public func search(_ query: SearchQuery) async throws -> SearchPage {
        guard let expression = SearchTerms.matchExpression(query.text) else {
            throw ChatError.invalidInput("Search for at least one letter or digit.")
        }
        let mark = try query.after.map(Self.searchMark)
        let limit = min(max(1, query.limit), 500)
        let active = try await reader()
        return try await mapped {
            let cached = try await active.cache.search(expression, room: query.channel?.raw, below: mark, limit: limit + 1)
            let remote = try await serverHits(query.text, room: query.channel?.raw, below: mark, limit: limit + 1, active)
            var seen = Set<String>()
            let merged = (cached.map { SearchCandidate($0, message: active.message($0)) } + remote)
                .sorted { ($0.timestamp, $0.eventID) > ($1.timestamp, $1.eventID) }
                .filter { seen.insert($0.eventID).inserted }
            var names: [String: String] = [:]
            var hits: [SearchHit] = []
            for candidate in merged.prefix(limit) {
                if names[candidate.message.channelID.raw] == nil {
                    names[candidate.message.channelID.raw] = try await channelValue(candidate.message.channelID.raw, active).name
                }
                hits.append(SearchHit(message: candidate.message, channelName: names[candidate.message.channelID.raw] ?? "",
                                      snippet: SearchSnippet.make(body: candidate.message.content.summary, query: query.text)))
            }
            let last = merged.prefix(limit).last
            let next: Paging = merged.count > limit ? .haveMore(PageToken("\(last?.timestamp ?? 0) \(last?.eventID ?? "")")) : .done
            return SearchPage(hits: hits, next: next)
        }
    }

    /// The server's results older than `mark` in the rooms it may be asked about; none for a guest
    /// or offline (the cache's results stand alone then).
    private func serverHits(_ term: String, room: String?, below mark: MatrixCache.SearchMark?, limit: Int,
                            _ active: Active) async throws -> [SearchCandidate] {
        guard !active.isGuest else { return [] }
        let rooms = try await active.cache.rooms()
            .filter { $0.membership == .joined && !$0.encrypted && (room == nil || $0.id == room) }.map(\.id)
        guard !rooms.isEmpty else { return [] }
        let ignored = Set(try await active.cache.ignoredUsers())
        var found: [SearchCandidate] = []
        var batch: String?
        for _ in 0..<Self.serverSearchBatches {
            let answer: SearchResponse.RoomEvents
            do {
                answer = try await active.client.search(term, rooms: rooms, limit: limit, nextBatch: batch)
            } catch MatrixError.unreachable { return found }
            for result in answer.results ?? [] {
                let event = result.result
                guard let candidate = SearchCandidate(event), rooms.contains(candidate.message.channelID.raw),
                      !ignored.contains(event.sender), mark.map({ candidate.isBelow($0) }) ?? true else { continue }
                found.append(candidate)
            }
            batch = answer.next_batch
            if batch == nil || found.count >= limit { break }
        }
        let plaintext = await plaintextRooms(Set(found.map(\.message.channelID.raw)), active)
        return found.filter { plaintext.contains($0.message.channelID.raw) }
    }

    /// The rooms among `rooms` that are not encrypted, asking the server's room state for each
    /// (the cache may not have heard yet of a room's `m.room.encryption`, e.g. just after
    /// joining): server results from an encrypted room are dropped, as is a room whose state
    /// could not be read. A room found encrypted is marked so in the cache.
    private func plaintextRooms(_ rooms: Set<String>, _ active: Active) async -> Set<String> {
        var plaintext = Set<String>()
        for room in rooms {
            guard (try? await active.cache.room(room))?.encrypted == false else { continue }
            do {
                _ = try await active.client.state(room, type: MatrixCache.encryptionType, as: JSONValue.self)
                _ = try? await active.cache.markEncrypted(room)
            } catch MatrixError.api(404, _, _, _) {
                plaintext.insert(room)
            } catch {}
        }
        return plaintext
    }

    /// A page token of `search`: "<milliseconds> <event id>".
    private static func searchMark(_ token: PageToken) throws -> MatrixCache.SearchMark {
        let parts = token.raw.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let timestamp = Int64(parts[0]) else { throw ChatError.invalidInput("Bad page token.") }
        return MatrixCache.SearchMark(timestamp: timestamp, eventID: String(parts[1]))
    }
}

/// A result from either source, before merging.
struct SearchCandidate {
    var eventID: String
    var timestamp: Int64
    var message: Message

    init(_ event: CachedEvent, message: Message) {
        eventID = event.eventID
        timestamp = event.timestamp
        self.message = message
    }

    /// A text message from the server's results; nil for anything else.
    init?(_ event: SearchResponse.Event) {
        guard event.type == "m.room.message", let id = event.event_id,
              let content = event.content.decode(as: MessageEventContent.self),
              ["m.text", "m.notice", "m.emote"].contains(content.msgtype) else { return nil }
        eventID = id
        timestamp = event.origin_server_ts ?? 0
        message = Message(id: MessageID(id), channelID: ChannelID(event.room_id ?? ""),
                          senderID: UserID(event.sender), senderNickname: DomainMapping.nickname(nil, of: event.sender),
                          sentAt: Date(timeIntervalSince1970: TimeInterval(timestamp) / 1000), content: .text(content.body))
    }

    func isBelow(_ mark: MatrixCache.SearchMark) -> Bool {
        timestamp < mark.timestamp || (timestamp == mark.timestamp && eventID < mark.eventID)
    }
}
