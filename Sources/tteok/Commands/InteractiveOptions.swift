import TUI
import ViewModels

/// `tteok` with no command: the start-up options of the interactive client.
struct InteractiveOptions: Hashable, Sendable {
    var guest: Bool
    var channel: String?
    var region: String?
    var theme: String?
    /// nil: chosen from the locale (`Language.chosen`).
    var language: Language?
    /// How image previews are drawn (`--images`); symbols work in every terminal.
    var images: ImageProtocol = .symbols

    static let configuration = CommandConfiguration(
        name: "",
        abstract: "tteok — a terminal chat client for regional communities. Without a command it starts the interactive client.",
        options: [
            .flag("guest", help: "Start straight in as a guest (read only)."),
            .value("channel", "NAME", help: "Open this channel at once."),
            .value("region", "NAME", help: "Your region: its channel is pinned first."),
            .value("theme", "NAME", help: "Colour theme (default orange)."),
            .value("lang", "en|ko", help: "Interface language (default from the locale)."),
            .value("images", "symbols|kitty|sixel", help: "Draw image previews with symbols (default, works everywhere) or a terminal graphics protocol."),
            .flag("version", help: "Print the version and the commit tteok was built from, and exit."),
        ]
    )

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guest = arguments.flag("guest")
        channel = try Self.nonEmpty(arguments, "channel")
        region = try Self.nonEmpty(arguments, "region")
        theme = try Self.nonEmpty(arguments, "theme")
        if let lang = arguments.value("lang") {
            guard let language = Language(rawValue: lang.lowercased()) else {
                throw .invalidValue(option: "lang", value: lang, reason: "expected en or ko")
            }
            self.language = language
        } else {
            language = nil
        }
        if let value = arguments.value("images") {
            guard let images = ImageProtocol(rawValue: value.lowercased()) else {
                throw .invalidValue(option: "images", value: value, reason: "expected symbols, kitty or sixel")
            }
            self.images = images
        }
    }

    private static func nonEmpty(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> String? {
        guard let value = arguments.value(option) else { return nil }
        if value.isEmpty { throw .invalidValue(option: option, value: value, reason: "must not be empty") }
        return value
    }
}
