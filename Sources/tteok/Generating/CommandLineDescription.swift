/// The whole command line as data: `--help`, the man page and the shell completions are all
/// written from this, which is read from the commands' own configurations (the registry in
/// `CommandLineTool.commands`), so a new command appears in each of them without further work.
struct CommandLineDescription: Sendable {
    /// `tteok` with no command: the interactive client and its options.
    let root: CommandConfiguration
    /// Every command word: the scripting commands, then the words the tool answers itself.
    let commands: [CommandConfiguration]
    /// Options every command accepts (without `-h`/`--help`, which every generator adds).
    let globalOptions: [OptionDefinition]
    let exitCodes: [ExitCode]

    /// tteok's own command line.
    static var tteok: CommandLineDescription {
        CommandLineDescription(root: InteractiveOptions.configuration,
                               commands: CommandLineTool.commands.map { $0.configuration } + builtins,
                               globalOptions: GlobalOptions.definitions, exitCodes: ExitCode.allCases)
    }

    /// Command words that need no backend: `Invocation` answers them.
    static let builtins = [
        CommandConfiguration(name: "help", abstract: "Show help for tteok or for one command.",
                             arguments: [ArgumentDefinition(name: "COMMAND", arity: .optional, help: "The command to explain.")]),
        CommandConfiguration(name: "version", abstract: "Print the version and the commit tteok was built from (same as --version)."),
    ]

    /// The help line every command has.
    static let helpLine = "Show this help."

    /// Every option a command accepts: its own, then the global ones.
    func options(of command: CommandConfiguration) -> [OptionDefinition] {
        command.options + globalOptions
    }

    /// Every option name that takes a value, wherever it appears (first definition wins),
    /// for completers that only look at the previous word.
    var valueOptions: [OptionDefinition] {
        var seen = Set<String>()
        return ([root] + commands).flatMap(options(of:)).filter { option in
            guard case .value = option.kind else { return false }
            return seen.insert(option.name).inserted
        }
    }
}

/// What a shell may offer as an option's value, read from the option's placeholder: `en|ko`
/// lists the choices, a `PATH` is a file, anything else is free text.
enum ValueCompletion: Equatable, Sendable {
    case none
    case choices([String])
    case files

    init(_ option: OptionDefinition) {
        guard case .value(let placeholder) = option.kind else {
            self = .none
            return
        }
        if placeholder.contains("|") {
            self = .choices(placeholder.split(separator: "|").map(String.init))
        } else if placeholder == "PATH" || placeholder == "FILE" {
            self = .files
        } else {
            self = .none
        }
    }
}
