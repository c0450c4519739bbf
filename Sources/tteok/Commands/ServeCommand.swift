import ChatCore
import CommunityServer
import FoundationEssentials
import Glibc

/// `tteok serve --store FILE --socket PATH [--group NAME | --everyone] [--moderator EMAIL]…`:
/// runs the community service in the foreground until SIGTERM or SIGINT.
///
/// Parsed here rather than by the scripting commands' parser: `--moderator` repeats, and serve
/// opens no client backend.
enum ServeCommand {
    static let name = "serve"

    static let help = """
        Usage: tteok serve --store FILE --socket PATH [--group NAME | --everyone] [--moderator EMAIL]...

        Runs the community service: the only process that opens FILE (made 0600, owned by you).
        Clients connect with `tteok --socket PATH` (or `socket = PATH` in the config file); the
        service learns each client's Unix user from the kernel and enforces every rule itself.

          --store FILE        the community file to serve (an existing one is adopted)
          --socket PATH       where to listen (a Unix socket; its directory must be yours or root's)
          --group NAME        let members of this Unix group connect (socket 0660)
          --everyone          let every user on the host connect (socket 0666)
          --moderator EMAIL   this account moderates (repeat for more); so does the Unix user
                              running the service, and whoever a moderator adds
                              (`tteok moderator add EMAIL`)

        tteok itself starts a private service for each community file you open (`tteok`,
        `--store FILE`) with `--private`: it listens owner-only and ends a while after its last
        client leaves (30 s, or TTEOK_SERVICE_IDLE_SECONDS), or when FILE is removed or replaced.

        """

    struct Options {
        var store: String?
        var socket: String?
        var sharing = Sharing.privateToOwner
        var moderators: [String] = []
        /// A user's private service, started by a client (see `ServeCommand+Private`).
        var isPrivate = false
        /// The descriptor a private service reports readiness (or its error) on.
        var readyDescriptor: Int32?
    }

    static func run(_ words: [String], console: Console, workingDirectory: String, environment: [String: String]) async -> ExitCode {
        let options: Options
        do {
            guard let parsed = try parse(words) else {
                console.writeOut(help)
                return .success
            }
            options = parsed
        } catch {
            console.error("\(error.message) (see 'tteok serve --help')")
            return .usage
        }
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        let store = URL(fileURLWithPath: options.store ?? "", relativeTo: base).standardizedFileURL
        let socket = URL(fileURLWithPath: options.socket ?? "", relativeTo: base).standardizedFileURL.path
        // Before the socket exists: whoever sees it may stop the service at once.
        let serving = Mutex<CommunityService?>(nil)
        StopSignals.install {
            serving.withLock { $0 }?.stop()
            exit(0)
        }
        let service: CommunityService
        do {
            service = try CommunityService(storeURL: store, socketPath: socket, sharing: options.sharing, moderators: options.moderators,
                                           isPrivate: options.isPrivate)
        } catch {
            let failure = (error as? ChatError) ?? .storage((error as? ServiceError)?.message ?? String(describing: error))
            options.readyDescriptor.map { reportReady(.failure(failure), on: $0) }
            console.error("serve: \(failure.message)")
            return ExitCode(failure)
        }
        serving.withLock { $0 = service }
        console.error("serve: serving \(store.path) on \(socket)")
        if options.isPrivate {
            endWhenUnused(service, store: store.path, socket: socket, environment: environment)
        }
        options.readyDescriptor.map { reportReady(.success(()), on: $0) }
        return await serve(service)
    }

    /// Accepts on a thread of its own (accept blocks) until the socket is closed.
    private static func serve(_ service: CommunityService) async -> ExitCode {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DetachedThread.start(name: "tteok.serve.accept") {
                service.run()
                continuation.resume()
            }
        }
        return .success
    }

    static func parse(_ words: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < words.count, !words[index].isEmpty else { throw .missingValue(option: name) }
            return words[index]
        }
        while index < words.count {
            switch words[index] {
            case "--help", "-h": return nil
            case "--store": options.store = try value("store")
            case "--socket": options.socket = try value("socket")
            case "--group": options.sharing = .group(try value("group"))
            case "--everyone": options.sharing = .everyone
            case "--moderator": options.moderators.append(try value("moderator"))
            case "--private": options.isPrivate = true
            case "--ready-fd":
                let text = try value("ready-fd")
                guard let descriptor = Int32(text), descriptor > 2 else {
                    throw .invalidValue(option: "ready-fd", value: text, reason: "expected a descriptor number above 2")
                }
                options.readyDescriptor = descriptor
            default: throw .unknownOption(words[index])
            }
            index += 1
        }
        if options.store == nil { throw .missingArgument("--store FILE") }
        if options.socket == nil { throw .missingArgument("--socket PATH") }
        if words.contains("--group") && words.contains("--everyone") { throw .invalidCombination("give --group or --everyone, not both") }
        return options
    }
}
