import FoundationEssentials

/// How much of a channel announces itself (`/notify all|mentions|mute`): the bell and a desktop
/// notification for every message, only for highlights, or for nothing. Unread and highlight
/// counts are kept whatever the level: muting silences, it hides nothing.
public enum NotifyLevel: String, CaseIterable, Hashable, Sendable, Codable {
    case all
    case mentions
    case mute

    /// The level of a channel nobody set one for: a direct conversation announces every message
    /// (each is meant for me), a channel only what names me.
    public static func standard(isDirect: Bool) -> NotifyLevel {
        isDirect ? .all : .mentions
    }

    /// True when a message at this level is announced; `isHighlight` as `HighlightRule` says.
    public func announces(isHighlight: Bool) -> Bool {
        switch self {
        case .all: return true
        case .mentions: return isHighlight
        case .mute: return false
        }
    }
}

/// The levels set with `/notify`, per channel id, kept in the user's state directory
/// (`notify.json`, 0600 through `SecretFile`: it names their conversations) so they outlast the
/// session. An entry that is not a known level is skipped, never an error.
public struct NotifySettings: Hashable, Sendable {
    public private(set) var levels: [ChannelID: NotifyLevel]

    public init(levels: [ChannelID: NotifyLevel] = [:]) {
        self.levels = levels
    }

    /// The level of `channel`: the one set, else the standard one.
    public func level(of channel: ChannelID, isDirect: Bool) -> NotifyLevel {
        levels[channel] ?? .standard(isDirect: isDirect)
    }

    public mutating func set(_ level: NotifyLevel, for channel: ChannelID) {
        levels[channel] = level
    }

    public static func load(from file: URL) -> NotifySettings {
        let stored = SecretFile<[String: String]>(url: file).load() ?? [:]
        var levels: [ChannelID: NotifyLevel] = [:]
        for (id, value) in stored {
            if let level = NotifyLevel(rawValue: value) { levels[ChannelID(id)] = level }
        }
        return NotifySettings(levels: levels)
    }

    public func save(to file: URL) throws {
        try SecretFile<[String: String]>(url: file).save(Dictionary(uniqueKeysWithValues: levels.map { ($0.key.raw, $0.value.rawValue) }))
    }
}
