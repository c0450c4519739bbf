import ChatCore
import Foundation

/// The whole command line: finds the command, parses and validates it, opens the backend and runs.
/// Every outcome is an `ExitCode`; errors are one line on stderr.
struct CommandLineTool: Sendable {
    /// Every scripting command, in the order `--help` lists them.
    static let commands: [any ScriptCommand.Type] = [
        SignupCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
        ChannelsCommand.self, ReadCommand.self, PostCommand.self, ReactCommand.self, EditCommand.self, DeleteCommand.self,
        ReportsCommand.self,
    ]

    var factory: any BackendFactory
    var console = Console()
    var input = StandardInput()
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var workingDirectory = FileManager.default.currentDirectoryPath

    var paths: Paths { Paths(environment: environment) }

    func run(_ words: [String]) async -> ExitCode {
        let rootOptions = InteractiveOptions.configuration.options + GlobalOptions.definitions
        do {
            switch try Invocation(words, commands: Self.commands, rootOptions: rootOptions) {
            case .help(let topic):
                return try showHelp(topic)
            case .interactive(let words):
                return try await startInteractive(words)
            case .command(let command, let words):
                return await runCommand(command, words)
            case .version:
                console.line(BuildInfo.versionLine)
                return .success
            case .generate(let generated):
                console.writeOut(generated.render(.tteok))
                return .success
            }
        } catch {
            console.error("\(error.message) (see 'tteok --help')")
            return .usage
        }
    }

    private func showHelp(_ topic: String?) throws(UsageError) -> ExitCode {
        guard let topic else {
            console.writeOut(Self.rootHelp())
            return .success
        }
        if let command = Self.commands.first(where: { $0.configuration.name == topic }) {
            console.writeOut(Self.help(for: command))
        } else if let builtin = CommandLineDescription.builtins.first(where: { $0.name == topic }) {
            console.writeOut(HelpFormatter(configuration: builtin, globalOptions: []).render())
        } else {
            throw .unknownCommand(topic)
        }
        return .success
    }

    private func startInteractive(_ words: [String]) async throws(UsageError) -> ExitCode {
        let parsed = try ArgumentParser(configuration: InteractiveOptions.configuration, globalOptions: GlobalOptions.definitions).parse(words)
        if parsed.wantsHelp {
            console.writeOut(Self.rootHelp())
            return .success
        }
        let options = try InteractiveOptions(parsed)
        let globals = GlobalOptions(parsed)
        let backend = try Backend(store: globals.store, homeserver: globals.homeserver, insecureHTTP: globals.insecureHTTP,
                                      paths: paths, workingDirectory: workingDirectory)
        let service: any ChatService
        do {
            let sessions = SessionLocation(paths: paths)
            try sessions.prepare(for: backend)
            let files = BackendFiles(sessionFile: sessions.file(for: backend), cacheDirectory: paths.cacheDirectory)
            service = try factory.makeService(for: backend, files: files)
        } catch {
            console.error((error as? ChatError)?.message ?? String(describing: error))
            return (error as? ChatError).map(ExitCode.init) ?? .failure
        }
        let client = InteractiveClient(service: service, options: options, environment: environment)
        do {
            try await client.run()
            return .success
        } catch {
            switch error {
            case .noTerminal(let why): console.error("the interactive client needs a terminal: \(why) For scripts, use a command such as 'tteok channels'.")
            }
            return .failure
        }
    }

    private func runCommand(_ type: any ScriptCommand.Type, _ words: [String]) async -> ExitCode {
        let configuration = type.configuration
        let command: any ScriptCommand
        let globals: GlobalOptions
        let backend: Backend
        do {
            let parsed = try ArgumentParser(configuration: configuration, globalOptions: GlobalOptions.definitions).parse(words)
            if parsed.wantsHelp {
                console.writeOut(Self.help(for: type))
                return .success
            }
            globals = GlobalOptions(parsed)
            command = try type.init(parsed, globals: globals)
            backend = try Backend(store: globals.store, homeserver: globals.homeserver, insecureHTTP: globals.insecureHTTP,
                                      paths: paths, workingDirectory: workingDirectory)
        } catch {
            console.error("\(error.message) (see '\(configuration.invocation) --help')")
            return .usage
        }
        return await execute(command, globals: globals, backend: backend)
    }

    private func execute(_ command: any ScriptCommand, globals: GlobalOptions, backend: Backend) async -> ExitCode {
        do {
            let sessions = SessionLocation(paths: paths)
            try sessions.prepare(for: backend)
            let files = BackendFiles(sessionFile: sessions.file(for: backend), cacheDirectory: paths.cacheDirectory)
            let service = try factory.makeService(for: backend, files: files)
            let context = CommandContext(service: service, console: console, input: input, globals: globals, environment: environment)
            return try await command.run(in: context)
        } catch let error as UsageError {
            console.error(error.message)
            return .usage
        } catch let error as ChatError {
            console.error(error.message)
            return ExitCode(error)
        } catch {
            console.error(String(describing: error))
            return .failure
        }
    }
}
