/// One `--name` option a command accepts: a flag, or an option that takes a value.
struct OptionDefinition: Hashable, Sendable {
    /// What follows the option on the command line.
    enum Kind: Hashable, Sendable {
        /// Present or absent, no value (`--json`).
        case flag
        /// Takes one value (`--limit N`); the placeholder names it in help.
        case value(placeholder: String)
    }

    /// The long name without dashes (`limit` for `--limit`).
    let name: String
    let kind: Kind
    /// One line for `--help`.
    let help: String

    static func flag(_ name: String, help: String) -> OptionDefinition {
        OptionDefinition(name: name, kind: .flag, help: help)
    }

    static func value(_ name: String, _ placeholder: String, help: String) -> OptionDefinition {
        OptionDefinition(name: name, kind: .value(placeholder: placeholder), help: help)
    }

    /// How the option is written in usage lines and help: `--limit N`.
    var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let placeholder): return "--\(name) \(placeholder)"
        }
    }
}

/// A positional argument of a command.
struct ArgumentDefinition: Hashable, Sendable {
    /// How many words the argument takes.
    enum Arity: Hashable, Sendable {
        case required
        case optional
        /// Every remaining word (zero or more); only the last argument may be variadic.
        case variadic
    }

    /// Upper-case name used in usage and help (`CHANNEL`).
    let name: String
    let arity: Arity
    let help: String

    var synopsis: String {
        switch arity {
        case .required: return name
        case .optional: return "[\(name)]"
        case .variadic: return "[\(name)...]"
        }
    }
}
