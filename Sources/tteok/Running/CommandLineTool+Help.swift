extension CommandLineTool {
    /// `tteok --help`: the interactive options, every command, the global options, the exit codes.
    static func rootHelp() -> String {
        var formatter = HelpFormatter(configuration: InteractiveOptions.configuration, globalOptions: GlobalOptions.definitions)
        formatter.subcommands = CommandLineDescription.tteok.commands
        formatter.epilogue = [
            ("EXIT CODES", ExitCode.allCases.map { "\($0.rawValue)  \($0.meaning)" }),
            ("MORE", ["Run 'tteok COMMAND --help' for a command's options.", "Run 'tteok serve --help' to share a community on this host through the community service."]),
        ]
        return formatter.render()
    }

    /// `tteok COMMAND --help`.
    static func help(for command: any ScriptCommand.Type) -> String {
        HelpFormatter(configuration: command.configuration, globalOptions: GlobalOptions.definitions).render()
    }
}
