import ChatCore
import CommunityClient
import Glibc

/// The interactive client's start, in two parts: what is made on the composition root's thread
/// before anything suspends (`prepare`), and the run.
extension CommandLineTool {
    /// What `run` starts from.
    enum Prepared {
        /// The interactive client, its service made.
        case interactive(InteractiveStart)
        /// Nothing more to do (help, or an error already told).
        case exited(ExitCode)
        /// `tteok serve` with its words, which it parses itself.
        case serve([String])
        /// Parsed, run by `run` (scripting commands, `--version`, help…).
        case invocation(Invocation)
    }

    struct InteractiveStart {
        let service: any ChatService
        let options: InteractiveOptions
    }

    /// Parses `words` and, for the interactive client, makes its service and sends a cold Matrix
    /// start's first request — on the caller's thread, without suspending. `main` calls it before
    /// anything hops to the pool of threads: while libcurl loads no thread can be made (glibc's
    /// loader lock), and a window sent from a task left only once the load was done and the
    /// parsing, the service and the session file had followed it.
    func prepare(_ words: [String]) -> Prepared {
        if words.first == ServeCommand.name { return .serve(Array(words.dropFirst())) }
        do {
            let invocation = try Invocation(words, commands: Self.commands, rootOptions: Self.rootOptions)
            guard case .interactive(let rest) = invocation else { return .invocation(invocation) }
            return try makeInteractive(rest)
        } catch {
            return .exited(usage(error))
        }
    }

    /// Whether both ends are a terminal: without one the client stops at once, and nothing may
    /// start meanwhile (no service, no session).
    private var onTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    func makeInteractive(_ words: [String]) throws(UsageError) -> Prepared {
        let parsed = try ArgumentParser(configuration: InteractiveOptions.configuration, globalOptions: GlobalOptions.definitions).parse(words)
        if parsed.wantsHelp {
            console.writeOut(Self.rootHelp())
            return .exited(.success)
        }
        let options = try InteractiveOptions(parsed)
        let backend = try backend(for: GlobalOptions(parsed))
        let service: any ChatService
        do {
            let sessions = SessionLocation(paths: paths)
            try sessions.prepare(for: backend)
            let files = BackendFiles(sessionFile: sessions.file(for: backend), cacheDirectory: paths.cacheDirectory, interactive: true,
                                     privateService: try privateService(for: backend))
            service = try factory.makeService(for: backend, files: files)
        } catch {
            console.error((error as? ChatError)?.message ?? String(describing: error))
            return .exited((error as? ChatError).map(ExitCode.init) ?? .failure)
        }
        // Not with `--guest`, which never resumes the saved member session.
        if !options.guest, onTerminal, let early = service as? any EarlyResuming { _ = early.sendFirstRequestNow() }
        return .interactive(InteractiveStart(service: service, options: options))
    }

    func runInteractive(_ start: InteractiveStart) async -> ExitCode {
        // The service is reached (started if need be), the session resumed and the live events
        // asked for (the client listens from its first frame) in one round trip while the
        // terminal, themes and word lists are set up: the start's first answer is then already in.
        var firstScreenFromServer = false
        if let community = start.service as? ServiceCommunity, onTerminal {
            Task { try? await community.connect(receivingLiveEvents: true) }
        } else if let early = start.service as? any EarlyResuming, !start.options.guest, onTerminal {
            // A Matrix session resumes meanwhile too (a cold start's window already on its way).
            firstScreenFromServer = await early.resumeEarly()
            if firstScreenFromServer { HeapWarmth.warmAhead() }
        }
        var client = InteractiveClient(service: start.service, options: start.options, environment: environment)
        client.firstScreenFromServer = firstScreenFromServer
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
}
