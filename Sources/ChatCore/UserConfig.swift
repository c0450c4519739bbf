import FoundationEssentials

/// The user's settings file, `$XDG_CONFIG_HOME/tteok/config`: start-up defaults that the
/// command line overrides.
///
/// One `key = value` per line; `#` starts a comment line; blank lines and unknown keys are
/// ignored so an older tteok reads a newer file. Known keys: `region` (the region source SPEC 5
/// lists last), `theme`, `lang` (`en` or `ko`), `socket` (a community service's socket), and the
/// daily-use keys of `DailySettings` (`highlight`, `notify`, `bell`, `mouse`, `time_format`, `typing`).
public struct UserConfig: Equatable, Sendable {
    public var region: String?
    public var theme: String?
    public var language: String?
    /// `socket = PATH`: the community service to talk to when no backend option is given.
    public var socket: String?
    /// Highlights, notifications, mouse and time format.
    public var daily = DailySettings()

    public init(region: String? = nil, theme: String? = nil, language: String? = nil) {
        self.region = region
        self.theme = theme
        self.language = language
    }

    /// Parses the file's text; a line that is not `key = value` is skipped, not an error, so a
    /// typo in one setting never stops the client from starting.
    public init(parsing text: String) {
        self.init()
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingWhitespace().lowercased()
            let value = trimmed[trimmed.index(after: equals)...].trimmingWhitespace()
            guard !value.isEmpty else { continue }
            switch key {
            case "region": region = value
            case "theme": theme = value
            case "lang", "language": language = value
            case "socket": socket = value
            default: daily.read(key, value)
            }
        }
    }

    /// The settings in `file`; empty when it is missing or unreadable (a config file is optional).
    public static func load(from file: URL) -> UserConfig {
        guard let data = FileManager.default.contents(atPath: file.path) else { return UserConfig() }
        return UserConfig(parsing: String(decoding: data, as: UTF8.self))
    }
}
