import FoundationEssentials

/// What to look for in the message history.
public struct SearchQuery: Hashable, Sendable, Codable {
    /// The text: every word of it must occur in a message, as a whole word or inside one
    /// (`맛집` finds `맛집을`, `볶` finds `떡볶이`, `ELL` finds `hello`).
    public var text: String
    /// Only this channel or conversation; nil for all the viewer can read.
    public var channel: ChannelID?
    /// The previous page's `next` token; nil for the newest results.
    public var after: PageToken?
    public var limit: Int

    public init(text: String, channel: ChannelID? = nil, after: PageToken? = nil, limit: Int = 20) {
        self.text = text
        self.channel = channel
        self.after = after
        self.limit = limit
    }
}

/// One message found, with where it is and the words around the match.
public struct SearchHit: Hashable, Sendable, Codable {
    public var message: Message
    /// The channel's (or conversation partner's) display name.
    public var channelName: String
    /// The matched text with some context on each side, on one line.
    public var snippet: String

    public init(message: Message, channelName: String, snippet: String) {
        self.message = message
        self.channelName = channelName
        self.snippet = snippet
    }
}

/// A page of results, newest first.
public struct SearchPage: Hashable, Sendable, Codable {
    public var hits: [SearchHit]
    /// `.haveMore(token)` for older results, `.done` at the end.
    public var next: Paging

    public init(hits: [SearchHit], next: Paging) {
        self.hits = hits
        self.next = next
    }
}

/// Full-text search over the history the viewer may read: channels they can see and their own
/// direct conversations, never blocked members' messages, never deleted ones.
public protocol SearchService: AnyObject, Sendable {
    /// Messages containing every word of `query.text`, newest first, a page at a time. A query
    /// with no letter or digit is `.invalidInput`.
    func search(_ query: SearchQuery) async throws -> SearchPage
}
