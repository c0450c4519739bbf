import Foundation

extension TteokUser {
    /// Starts the interactive client, `tteok <backend> <arguments>`, as this person in a tmux
    /// terminal of its own. Its standard error goes to `stderr`; when it exits the terminal shows
    /// `EXITED <status>` (and stays a minute, so a test can read it).
    public func terminal(_ arguments: [String], stderr: URL, width: Int = 100, height: Int = 32,
                         environment extra: [String: String] = [:]) throws -> TmuxSession {
        let words = ([binary.path] + backendArguments + arguments).map(Self.quoted).joined(separator: " ")
        return try TmuxSession(command: "\(words) 2>\(Self.quoted(stderr.path)); echo \"EXITED $?\"; sleep 60",
                               width: width, height: height, environment: environment.merging(extra) { $1 })
    }

    /// One shell word, whatever it contains.
    public static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

extension TmuxSession {
    /// Waits until a captured screen satisfies `condition`; returns whether it did and the last
    /// screen read (for the failure message).
    public func waitForScreen(seconds: Double = 20, _ condition: ([String]) -> Bool) -> (shown: Bool, screen: [String]) {
        var screen: [String] = []
        let shown = waitUntil(seconds: seconds) {
            screen = (try? capture()) ?? []
            return condition(screen)
        }
        return (shown, screen)
    }

    /// Waits until some row of the screen contains `needle`.
    public func waitForScreen(containing needle: String, seconds: Double = 20) -> (shown: Bool, screen: [String]) {
        waitForScreen(seconds: seconds) { screen in screen.contains { $0.contains(needle) } }
    }
}
