/// Who is typing in a channel besides the viewer, as a backend tells it: the first few by name
/// and how many more.
///
/// Bounded whatever a server or peer sends: at most `namedAtMost` names of at most `nameLength`
/// characters each are kept, the rest only counted. A hostile room that claims ten thousand
/// typists with megabyte names costs three short strings and a number. Names stay another
/// person's words: the front end passes them through the sanitiser before drawing.
public struct Typists: Hashable, Sendable {
    /// Names shown; the rest are counted.
    public static let namedAtMost = 3
    /// Characters kept of each name.
    public static let nameLength = 40

    /// The first few typists' names, in the backend's order.
    public let names: [String]
    /// How many more are typing than `names` holds.
    public let others: Int

    /// Nobody typing.
    public static let nobody = Typists(names: [], total: 0)

    /// `names`: typists' names in order (only the first `namedAtMost` are read); `total`: how many
    /// are typing in all (never fewer than the names kept).
    public init(names: some Sequence<String>, total: Int) {
        let kept = names.prefix(Self.namedAtMost).map { String($0.prefix(Self.nameLength)) }
        self.names = kept
        others = max(0, total - kept.count)
    }

    public var isEmpty: Bool { names.isEmpty && others == 0 }
}

/// Decoded through the bounding initialiser: a hostile service's frame is cut down like a sync's.
extension Typists: Codable {
    private enum CodingKeys: String, CodingKey { case names, others }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try container.decode([String].self, forKey: .names)
        let others = try container.decode(Int.self, forKey: .others)
        let kept = Array(names.prefix(Self.namedAtMost))
        self.init(names: kept, total: kept.count + min(max(others, 0), Int(Int32.max)))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(names, forKey: .names)
        try container.encode(others, forKey: .others)
    }
}
