import FoundationEssentials

/// XDG base directories, with the fallbacks the spec names.
public struct Paths: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var home: String { environment["HOME"] ?? PathText.accountHome() ?? "/" }

    private func xdg(_ variable: String, fallback: String) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }

    public var dataHome: URL { xdg("XDG_DATA_HOME", fallback: ".local/share") }
    public var stateHome: URL { xdg("XDG_STATE_HOME", fallback: ".local/state") }
    public var cacheHome: URL { xdg("XDG_CACHE_HOME", fallback: ".cache") }
    public var configHome: URL { xdg("XDG_CONFIG_HOME", fallback: ".config") }
    /// Where saved images go: `$XDG_DOWNLOAD_DIR`, else `~/Downloads`.
    public var downloadDirectory: URL { xdg("XDG_DOWNLOAD_DIR", fallback: "Downloads") }

    /// `$XDG_DATA_HOME/tteok/community.sqlite`.
    public var defaultStore: URL { dataHome.appendingPathComponent("tteok/community.sqlite") }
    /// Where sessions are kept (mode 0700 directory, 0600 files).
    public var stateDirectory: URL { stateHome.appendingPathComponent("tteok") }
    public var cacheDirectory: URL { cacheHome.appendingPathComponent("tteok") }
    public var configDirectory: URL { configHome.appendingPathComponent("tteok") }
    /// The user's settings (`UserConfig`): region, theme, language.
    public var configFile: URL { configDirectory.appendingPathComponent("config") }
    /// The user's word-filter edits (`+word`, `-word`), read by `WordFilter.standard(userFile:)`.
    public var filterFile: URL { configDirectory.appendingPathComponent("filter.txt") }
    /// The per-channel notification levels set with `/notify` (`NotifySettings`).
    public var notifyFile: URL { stateDirectory.appendingPathComponent("notify.json") }
}
