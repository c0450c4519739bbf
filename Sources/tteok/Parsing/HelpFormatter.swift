/// Writes `--help` text from a command's configuration, so help and parser never disagree.
struct HelpFormatter {
    let configuration: CommandConfiguration
    let globalOptions: [OptionDefinition]
    /// For the root command: the subcommands to list.
    var subcommands: [CommandConfiguration] = []
    /// Extra sections appended at the end (e.g. exit codes), as (title, lines).
    var epilogue: [(title: String, lines: [String])] = []

    func render() -> String {
        var sections: [String] = [usageLine()]
        sections.append(configuration.abstract)
        if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        if !subcommands.isEmpty {
            sections.append(table("COMMANDS", subcommands.map { ($0.name, $0.abstract) }))
        }
        if !configuration.arguments.isEmpty {
            sections.append(table("ARGUMENTS", configuration.arguments.map { ($0.synopsis, $0.help) }))
        }
        if !configuration.options.isEmpty {
            sections.append(table("OPTIONS", configuration.options.map { ($0.synopsis, $0.help) }))
        }
        let globals = globalOptions.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show this help.")]
        sections.append(table(subcommands.isEmpty ? "GLOBAL OPTIONS" : "OPTIONS OF EVERY COMMAND", globals))
        for (title, lines) in epilogue {
            sections.append(([title + ":"] + lines.map { "  " + $0 }).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func usageLine() -> String {
        var parts = ["USAGE:", configuration.invocation]
        if !subcommands.isEmpty { parts.append("[COMMAND]") }
        parts += configuration.arguments.map(\.synopsis)
        if !configuration.options.isEmpty || !globalOptions.isEmpty { parts.append("[OPTIONS]") }
        return parts.joined(separator: " ")
    }

    private func table(_ title: String, _ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - left.count) + "  " + right
        }
        return ([title + ":"] + lines).joined(separator: "\n")
    }
}
