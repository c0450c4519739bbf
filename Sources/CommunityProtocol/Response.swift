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
    /// A guest session started; `token` is nil when the member's saved session stays.
    case guest(token: String?)
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
}
