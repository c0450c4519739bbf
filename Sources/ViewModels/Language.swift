/// The language of every user-facing string. The caller picks it (`--lang`, the locale).
public enum Language: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case korean = "ko"

    /// `--lang ko` wins; otherwise Korean when `LC_ALL`, `LC_MESSAGES` or `LANG` (first set) is Korean.
    public static func chosen(option: String?, environment: [String: String]) -> Language {
        if let option {
            return option.lowercased().hasPrefix("ko") ? .korean : .english
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale?.lowercased().hasPrefix("ko") == true ? .korean : .english
    }
}
