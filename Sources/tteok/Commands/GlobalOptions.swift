/// Options every command accepts.
struct GlobalOptions: Hashable, Sendable {
    var store: String?
    var homeserver: String?
    var json: Bool
    /// `--socket PATH`: a community service to talk to instead of opening a file.
    var socket: String?
    /// `--insecure-http`: allow a plain-http homeserver that is not on this machine.
    var insecureHTTP: Bool

    static let definitions: [OptionDefinition] = [
        .value("store", "PATH", help: "The embedded community's SQLite file (default $XDG_DATA_HOME/tteok/community.sqlite)."),
        .value("homeserver", "URL", help: "Talk to this Matrix homeserver instead of the embedded community."),
        .value("socket", "PATH", help: "Talk to the community service listening on this Unix socket (see tteok serve)."),
        .flag("insecure-http", help: "Allow a plain http:// homeserver that is not on this machine (unencrypted)."),
        .flag("json", help: "Print data as JSON."),
    ]

    init(store: String? = nil, homeserver: String? = nil, json: Bool = false, socket: String? = nil, insecureHTTP: Bool = false) {
        self.store = store
        self.homeserver = homeserver
        self.json = json
        self.socket = socket
        self.insecureHTTP = insecureHTTP
    }

    init(_ arguments: ParsedArguments) {
        self.init(store: arguments.value("store"), homeserver: arguments.value("homeserver"), json: arguments.flag("json"),
                  socket: arguments.value("socket"), insecureHTTP: arguments.flag("insecure-http"))
    }

    var isMatrix: Bool { homeserver != nil }

    /// Whether `words` (the process's arguments) name a homeserver, read before any parsing: a
    /// hint that the Matrix backend is coming (its transport can start loading), never a decision
    /// (a wrong guess costs a load on another thread, nothing else).
    static func nameHomeserver(_ words: [String]) -> Bool {
        let option = "--homeserver"
        return words.contains { $0 == option || $0.hasPrefix(option + "=") }
    }
}
