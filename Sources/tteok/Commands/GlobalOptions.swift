/// Options every command accepts.
struct GlobalOptions: Hashable, Sendable {
    var store: String?
    var homeserver: String?
    var json: Bool

    static let definitions: [OptionDefinition] = [
        .value("store", "PATH", help: "The embedded community's SQLite file (default $XDG_DATA_HOME/tteok/community.sqlite)."),
        .value("homeserver", "URL", help: "Talk to this Matrix homeserver instead of the embedded community."),
        .flag("json", help: "Print data as JSON."),
    ]

    init(store: String? = nil, homeserver: String? = nil, json: Bool = false) {
        self.store = store
        self.homeserver = homeserver
        self.json = json
    }

    init(_ arguments: ParsedArguments) {
        self.init(store: arguments.value("store"), homeserver: arguments.value("homeserver"), json: arguments.flag("json"))
    }

    var isMatrix: Bool { homeserver != nil }
}
