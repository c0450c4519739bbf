import ChatCore
import FoundationEssentials

extension OutsideText {
    /// The gate the app uses: the shipped word lists changed by the user's
    /// `$XDG_CONFIG_HOME/tteok/filter.txt` (a missing file changes nothing).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> OutsideText {
        OutsideText(filter: WordFilter.standard(userFile: Paths(environment: environment).filterFile))
    }
}
