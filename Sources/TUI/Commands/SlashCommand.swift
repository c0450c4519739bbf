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
    /// `/reply TEXT`: answers the message being answered, else the picked one, else the newest of others.
    case reply(String)
    /// `/edit TEXT`: replaces my message being edited, else the picked one, else my last.
    case edit(String)
    /// `/react [EMOJI]`: toggles a reaction (alone: the choice of reactions).
    case react(String?)
    /// `/me TEXT`: an action, shown as `* Nick TEXT`.
    case me(String)
    /// `/delete`: the picked message, else my last — asks first.
    case delete
    /// `/file PATH`: any file as an attachment.
    case file(String)
    /// `/encrypt`: turns end-to-end encryption on in the chat open — asks first (it cannot be undone).
    case encrypt
}

/// Why a line could not become a command.
public enum CommandProblem: Error, Hashable, Sendable {
    case unknown(String)
    case missingArgument(usage: String)
}
