import ChatCore
import FoundationEssentials

/// `/open N`: hands a message's link to the desktop's opener (`xdg-open`), after checking it
/// once more here — only `http` and `https`, nothing that is not a URL character — so no
/// message can make tteok open a file, a `javascript:` or a custom-scheme handler. The opener
/// gets the address as one argument (no shell; an http URL cannot start with `-`), with no
/// terminal.
public enum LinkOpener {
    /// Why a link was not opened.
    public enum Refusal: Error, Hashable, Sendable {
        /// The address is not plain http(s) (shown inert).
        case notWeb(String)
        case noOpener(String)
    }

    /// Opens `url` with `opener` (e.g. `["xdg-open"]`), looked up in `path`.
    public static func open(_ url: String, with opener: [String],
                            path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Result<Void, Refusal> {
        guard LinkFinder.isOpenable(url) else { return .failure(.notWeb(InertText.sanitize(url))) }
        guard let command = opener.first, let executable = ImageFiles.executable(command, path: path) else {
            return .failure(.noOpener(opener.first ?? ""))
        }
        do {
            try BackgroundProgram.start(executable.path, Array(opener.dropFirst()) + [url])
            return .success(())
        } catch {
            return .failure(.noOpener(command))
        }
    }

    /// The chat's links, numbered from 1 for the newest: `/open 1` is the link just posted,
    /// and a number stays with its link while older history loads above.
    public static func numbered(_ messages: [Message]) -> [String] {
        messages.reversed().flatMap { links(of: $0).reversed() }
    }

    /// A message's links in order, as numbered here and drawn with their numbers in the chat.
    public static func links(of message: Message) -> [String] {
        LinkFinder.links(in: message.content.summary).map(\.url)
    }
}
