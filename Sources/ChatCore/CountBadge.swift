/// The unread badge of a channel row. Its display rule lives here and nowhere else.
public enum CountBadge: Hashable, Sendable {
    /// Nothing unread: no badge drawn.
    case hidden
    /// 1…9 unread.
    case count(Int)
    /// Ten or more unread.
    case tenPlus
    /// The count could not be had.
    case error
    /// Not known yet (the row asks for its own count).
    case loading

    /// The badge for a count.
    public init(count: Int) {
        switch count {
        case ..<1: self = .hidden
        case 1...9: self = .count(count)
        default: self = .tenPlus
        }
    }

    /// The badge for a fetch result.
    public init<E: Error>(_ result: Result<Int, E>) {
        switch result {
        case .success(let count): self.init(count: count)
        case .failure: self = .error
        }
    }

    /// Text drawn in the row; nil when nothing is drawn.
    public var label: String? {
        switch self {
        case .hidden, .loading: return nil
        case .count(let n): return String(n)
        case .tenPlus: return "10+"
        case .error: return "Error"
        }
    }
}
