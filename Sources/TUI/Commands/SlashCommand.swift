/// A slash command typed in the input, parsed: what the app runs.
public enum SlashCommand: Hashable, Sendable {
    case join(String)
    case dm(String)
    case nick(String)
    case region(String)
    /// `/image PATH`: send an image file to the open chat.
    case image(String)
    case login
    case logout
    /// `/theme` alone lists the themes.
    case theme(String?)
    case help
    case quit
    /// `/report REASON`: reports the chat's selected message.
    case report(String)
    /// `/block NAME`; alone in a chat, the selected message's sender (or the person talked to).
    case block(String?)
    case unblock(String)
}

/// Why a line could not become a command.
public enum CommandProblem: Error, Hashable, Sendable {
    case unknown(String)
    case missingArgument(usage: String)
}
