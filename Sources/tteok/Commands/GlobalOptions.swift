/// Options every command accepts.
struct GlobalOptions: Hashable, Sendable {
    var store: String?
    var homeserver: String?
    var json: Bool
    /// `--insecure-http`: allow a plain-http homeserver that is not on this machine.
    var insecureHTTP: Bool

    static let definitions: [OptionDefinition] = [
        .value("store", "PATH", help: "The embedded community's SQLite file (default $XDG_DATA_HOME/tteok/community.sqlite)."),
        .value("homeserver", "URL", help: "Talk to this Matrix homeserver instead of the embedded community."),
        .flag("insecure-http", help: "Allow a plain http:// homeserver that is not on this machine (unencrypted)."),
        .flag("json", help: "Print data as JSON."),
    ]

    init(store: String? = nil, homeserver: String? = nil, json: Bool = false, insecureHTTP: Bool = false) {
        self.store = store
        self.homeserver = homeserver
        self.json = json
        self.insecureHTTP = insecureHTTP
    }

    init(_ arguments: ParsedArguments) {
        self.init(store: arguments.value("store"), homeserver: arguments.value("homeserver"), json: arguments.flag("json"),
                  insecureHTTP: arguments.flag("insecure-http"))
    }

    var isMatrix: Bool { homeserver != nil }
}
