import ChatCore
import Foundation

/// The service's answer to one `Request`.
public enum Response: Codable, Hashable, Sendable {
    case done
    /// A refusal or failure, typed as the engine raised it.
    case failure(ChatError)
    case viewer(Viewer)
    /// Signed in (sign-up, log-in): the token goes to the client's 0600 session file.
    case signedIn(Account, token: String)
    /// What the client's session file should now hold (nil: remove it), after a guest visit
    /// started or a log-out.
    case sessionFile(token: String?)
    case account(Account)
    case channels([Channel])
    case channel(Channel)
    case count(Int)
    case permission(SendPermission)
    case page(MessagePage)
    case message(Message)
    case messages([Message])
    case data(Data)
    case conversations([ConversationSummary])
    case profiles([UserProfile])
    case profile(UserProfile)
    case directChannel(ChannelID?)
    case activity([ChannelActivity])
    case reports([ReportRecord])
    case searchPage(SearchPage)
}
