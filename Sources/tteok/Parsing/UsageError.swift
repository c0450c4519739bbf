/// A command line that cannot be run as written. Always reported as one line on stderr, exit 2.
enum UsageError: Error, Hashable, Sendable {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    /// A flag written with a value (`--json=yes`).
    case unexpectedValue(option: String)
    case missingArgument(String)
    case unexpectedArgument(String)
    case invalidValue(option: String, value: String, reason: String)
    /// Two options that cannot be used together, or a required one missing; says which.
    case invalidCombination(String)

    /// The one line shown to the user (without the `tteok:` prefix).
    var message: String {
        switch self {
        case .unknownCommand(let word): return "unknown command '\(word)'"
        case .unknownOption(let option): return "unknown option '\(option)'"
        case .missingValue(let option): return "option '--\(option)' needs a value"
        case .unexpectedValue(let option): return "option '--\(option)' takes no value"
        case .missingArgument(let name): return "missing argument \(name)"
        case .unexpectedArgument(let word): return "unexpected argument '\(word)'"
        case .invalidValue(let option, let value, let reason): return "invalid value '\(value)' for '--\(option)': \(reason)"
        case .invalidCombination(let why): return why
        }
    }
}
