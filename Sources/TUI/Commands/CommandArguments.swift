/// What a command's argument names, so Tab can complete it: the one table of it.
public enum CommandArgumentKind: Hashable, Sendable {
    case channel
    case member
    case theme
    case notifyLevel
}

extension CommandRegistry {
    /// Every command name Tab offers, in the registry's order.
    public static var names: [String] { entries.map(\.name) }

    /// The kind of the first argument of `command`; nil when it is free text or none.
    public static func argumentKind(of command: String) -> CommandArgumentKind? {
        switch command {
        case "join": return .channel
        case "dm", "msg", "query", "block", "unblock": return .member
        case "theme": return .theme
        case "notify": return .notifyLevel
        default: return nil
        }
    }
}
