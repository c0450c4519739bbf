/// What the parser read from a command line, before a command validates it.
struct ParsedArguments: Hashable, Sendable {
    /// Option values by option name; a repeated option keeps its last value.
    var values: [String: String] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Positional words by argument name; a variadic argument has all its words.
    var arguments: [String: [String]] = [:]
    /// True when `--help` or `-h` was given: nothing else is checked then.
    var wantsHelp = false

    func value(_ option: String) -> String? { values[option] }
    func flag(_ option: String) -> Bool { flags.contains(option) }
    /// The single word of a required or optional argument.
    func argument(_ name: String) -> String? { arguments[name]?.first }
    func words(_ name: String) -> [String] { arguments[name] ?? [] }

    /// An integer option within `range`, or the default when absent.
    func integer(_ option: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = value(option) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(option: option, value: text, reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
