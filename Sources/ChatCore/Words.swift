import FoundationEssentials

/// The words of a post: said, or acted (`/me waves`, shown as `* Nick waves`). Where one request
/// may carry either (a reply in a thread), this value says which, so a typed `/me` never goes
/// out as the text "/me waves".
public enum Words: Hashable, Sendable, Codable {
    case text(String)
    case emote(String)

    /// What was written, whichever way it is meant.
    public var text: String {
        switch self {
        case .text(let text), .emote(let text): return text
        }
    }
}
