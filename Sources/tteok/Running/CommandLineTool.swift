import ChatCore
import CommunityClient
import FoundationEssentials
import Glibc

/// The whole command line: finds the command, parses and validates it, opens the backend and runs.
/// Every outcome is an `ExitCode`; errors are one line on stderr.
struct CommandLineTool: Sendable {
    /// Every scripting command, in the order `--help` lists them.
    static let commands: [any ScriptCommand.Type] = [
        SignupCommand.self, LoginCommand.self, LogoutCommand.self, WhoamiCommand.self,
        ChannelsCommand.self, ReadCommand.self, SearchCommand.self, PostCommand.self, ReactCommand.self, EditCommand.self,
        DeleteCommand.self, InvitesCommand.self, AcceptCommand.self, DeclineCommand.self, ReportsCommand.self, ChannelCommand.self,
        ModeratorCommand.self, MuteCommand.self, UnmuteCommand.self, BanCommand.self, UnbanCommand.self, SanctionsCommand.self,
        TermsCommand.self, VerifyCommand.self, CrossSigningCommand.self, KeysCommand.self,
    ]

    var factory: any BackendFactory
    var console = Console()
    var input = StandardInput()
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var workingDirectory = FileManager.default.currentDirectoryPath

    var paths: Paths { Paths(environment: environment) }

    static var rootOptions: [OptionDefinition] { InteractiveOptions.configuration.options + GlobalOptions.definitions }

    func run(_ words: [String]) async -> ExitCode { await run(prepare(words)) }

    /// Runs what `prepare` made ready.
    func run(_ prepared: Prepared) async -> ExitCode {
        switch prepared {
        case .interactive(let start): return await runInteractive(start)
        case .exited(let code): return code
        case .serve(let words): return await ServeCommand.run(words, console: console, workingDirectory: workingDirectory, environment: environment)
        case .invocation(let invocation): return await run(invocation)
        }
    }

    private func run(_ invocation: Invocation) async -> ExitCode {
        switch invocation {
        case .help(let topic):
            do {
                return try showHelp(topic)
            } catch {
                return usage(error)
            }
        case .interactive(let words):
            do {
                return await run(try makeInteractive(words))
            } catch {
                return usage(error)
            }
        case .command(let command, let words):
            return await runCommand(command, words)
        case .version:
            console.line(BuildInfo.versionLine)
            return .success
        case .generate(let generated):
            console.writeOut(generated.render(.tteok))
            return .success
        }
    }

    /// A usage error of the command line as a whole, told in one line.
    func usage(_ error: UsageError) -> ExitCode {
        console.error("\(error.message) (see 'tteok --help')")
        return .usage
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
            backend = try self.backend(for: globals)
        } catch {
            console.error("\(error.message) (see '\(configuration.invocation) --help')")
            return .usage
        }
        return await execute(command, globals: globals, backend: backend)
    }

    /// The private service of an embedded community file; none for the others.
    func privateService(for backend: Backend) throws(ChatError) -> PrivateService? {
        guard case .embedded(let store) = backend else { return nil }
        return try PrivateService(store: store, paths: paths, environment: environment)
    }

    /// The backend the options name; with none, `socket = PATH` in the config file.
    func backend(for globals: GlobalOptions) throws(UsageError) -> Backend {
        var socket = globals.socket
        if socket == nil, globals.store == nil, globals.homeserver == nil { socket = UserConfig.load(from: paths.configFile).socket }
        return try Backend(store: globals.store, homeserver: globals.homeserver, socket: socket, insecureHTTP: globals.insecureHTTP,
                           paths: paths, workingDirectory: workingDirectory)
    }

    private func execute(_ command: any ScriptCommand, globals: GlobalOptions, backend: Backend) async -> ExitCode {
        do {
            let sessions = SessionLocation(paths: paths)
            try sessions.prepare(for: backend)
            let files = BackendFiles(sessionFile: sessions.file(for: backend), cacheDirectory: paths.cacheDirectory,
                                     privateService: try privateService(for: backend))
            let service = try factory.makeService(for: backend, files: files)
            // A script on a service that is not running is told so (exit 5), not "not signed in".
            if let service = service as? ServiceCommunity { try await service.connect() }
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
