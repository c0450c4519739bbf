import ChatCore
import FoundationEssentials

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
    /// `/verify [USER]`: emoji verification of USER's devices; alone, the person of the direct
    /// conversation open, else this account's other devices.
    case verify(String?)
    /// A moderator's command; the service refuses members.
    case moderate(ModerationCommand)
    /// The daily-use commands (issue 19), run by `CommandRunner+Daily`.
    case daily(DailyCommand)
}

/// `/msg`, `/query`, `/part`, `/search`, `/open`, `/notify`, `/next`, `/names`, `/members`.
public enum DailyCommand: Hashable, Sendable {
    /// `/msg NAME TEXT`: a direct message (the conversation opens with it sent); `/query NAME`
    /// opens the conversation.
    case message(to: String, text: String?)
    /// `/part`: close the open chat (back to the list).
    case part
    /// `/search TEXT`: the history of every chat.
    case search(String)
    /// `/open N`: the open chat's link N (1 is the newest) in the web browser.
    case open(String)
    /// `/notify all|mentions|mute`: how the open chat announces itself; alone, says which.
    case notify(String?)
    /// `/next`: the next chat with highlights, then new messages (Alt-A).
    case next
    /// `/names`: the open chat's members in a list box (the first `namesListed`).
    case names
    /// `/members`: every member of the open chat fetched from the server (Matrix loads them
    /// lazily), then the pane beside the chat shows them.
    case members
}

/// The moderators' slash commands, as the scripting CLI's `channel`, `mute`, `ban`, `reports`,
/// `sanctions` and `terms publish` (`tteok --help`). Those that act on the open channel take it
/// from the chat page.
public enum ModerationCommand: Hashable, Sendable {
    /// `/create NAME [--region REGION]`.
    case create(String, region: String?)
    /// `/rename NAME`: the open channel — asks first.
    case rename(String)
    /// `/archive`: the open channel — asks first.
    case archive
    /// `/unarchive NAME`.
    case unarchive(String)
    /// `/mute MEMBER [REASON]`, `/ban MEMBER [REASON]` — ask first.
    case impose(SanctionKind, member: String, reason: String?)
    /// `/unmute MEMBER`, `/unban MEMBER`.
    case lift(SanctionKind, member: String)
    case reports
    case sanctions
    /// `/terms PATH`: the file's text is the next terms version — asks first.
    case publishTerms(path: String)

    /// `MEMBER [REASON…]`: the first word names the member, the rest is the reason.
    static func sanction(_ kind: SanctionKind, _ argument: String) -> ModerationCommand {
        let member = argument.prefix { !$0.isWhitespace }
        let reason = argument.dropFirst(member.count).trimmingWhitespace()
        return .impose(kind, member: String(member), reason: reason.isEmpty ? nil : reason)
    }

    /// `NAME [--region REGION]`.
    static func create(_ argument: String) -> ModerationCommand {
        guard let marker = argument.firstRange(of: " --region ") else { return .create(argument, region: nil) }
        return .create(String(argument[..<marker.lowerBound]).trimmingWhitespace(),
                       region: String(argument[marker.upperBound...]).trimmingWhitespace())
    }
}

/// Why a line could not become a command.
public enum CommandProblem: Error, Hashable, Sendable {
    case unknown(String)
    case missingArgument(usage: String)
}
