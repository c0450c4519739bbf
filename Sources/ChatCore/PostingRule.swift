import FoundationEssentials
import Glibc

/// Why the viewer may not post somewhere. Every refusal a user can meet has a case here.
public enum PostingDenial: Hashable, Sendable, Codable {
    /// Guests read only.
    case guest
    /// The session ended or never began (e.g. a script without `login`).
    case notSignedIn
    /// A region channel of another region; carries the channel's region.
    case notYourRegion(String)
    /// The nickname gate has not been passed.
    case noNickname
    /// The member blocked the other person of a direct conversation, or was blocked.
    case blocked
    /// A Matrix room whose power levels do not let the member post.
    case readOnlyRoom
    /// The community terms have not been accepted.
    case termsNotAccepted
    /// The member agreed to older terms; the community's moderators published new ones since.
    case termsChanged
    /// A moderator muted the member, until the date given (nil: until lifted).
    case muted(until: Date?)
    /// A moderator archived the channel: it stays readable, nobody posts there.
    case archivedChannel
    /// An end-to-end encrypted room where this session cannot encrypt (its crypto store could not
    /// be opened); tteok never sends plaintext there.
    case encryptedRoom
    /// A Matrix space: it groups rooms and is no chat of its own.
    case space

    /// The reason in plain English, for scripts and logs. The UI localises it.
    public var message: String {
        switch self {
        case .guest: return "Login required — guests can't send messages."
        case .notSignedIn: return "Not signed in. Log in first."
        case .notYourRegion(let region): return "Only members of \(region) can post here."
        case .noNickname: return "Set your nickname first."
        case .blocked: return "You can't message this person."
        case .readOnlyRoom: return "You don't have permission to post in this room."
        case .termsNotAccepted: return "Please agree to the terms."
        case .termsChanged: return "The community's terms have changed: agree to the new terms first (open tteok, or tteok terms accept)."
        case .muted(let until):
            return "A moderator muted you" + (until.map { " until \(PostingDenial.timeText($0))" } ?? " until they lift it") + ": you can read but not post or react."
        case .archivedChannel: return "This channel is archived: it can be read, not written to."
        case .encryptedRoom: return "This room is end-to-end encrypted and encryption is off for this session — nothing was sent."
        case .space: return "This is a space: it groups rooms and is not a chat. Post in one of its rooms."
        }
    }
}

extension PostingDenial {
    /// A fixed, locale-independent UTC time, for refusals scripts may read (a mute's or ban's end).
    public static func timeText(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ digits: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2)) "
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)) UTC"
    }
}

/// The answer of the posting rule.
public enum SendPermission: Hashable, Sendable, Codable {
    case allowed
    case denied(PostingDenial)

    public var isAllowed: Bool { self == .allowed }
}

/// The posting rule, in one place, used by the UI (input bar) and by the stores (enforcement).
public enum PostingRule {
    /// May `viewer` post in `channel`?
    /// - Parameter blocked: true when a direct conversation's other person is blocked either way.
    /// - Parameter canEncrypt: true when the session can encrypt (the Matrix crypto store is open).
    public static func permission(for viewer: Viewer, in channel: Channel, blocked: Bool = false, canEncrypt: Bool = false) -> SendPermission {
        // Nobody posts in a space, whoever they are: the reason is the place, not the viewer.
        if channel.isSpace { return .denied(.space) }
        guard case .member(let account) = viewer, memberPermission(for: viewer) == .allowed else { return .denied(.guest) }
        // Before the member's own gates: no nickname or consent would make a send possible here.
        if channel.isEncrypted, !canEncrypt { return .denied(.encryptedRoom) }
        if channel.isArchived { return .denied(.archivedChannel) }
        if let mute = account.mute { return .denied(.muted(until: mute.until)) }
        if account.needsTerms() { return .denied(account.termsChanged ? .termsChanged : .termsNotAccepted) }
        if account.needsNickname { return .denied(.noNickname) }
        switch channel.kind {
        case .open:
            return .allowed
        case .region(let region):
            return sameRegion(account.region, region) ? .allowed : .denied(.notYourRegion(region))
        case .direct:
            return blocked ? .denied(.blocked) : .allowed
        case .room(let canPost):
            return canPost ? .allowed : .denied(.readOnlyRoom)
        case .space:
            return .denied(.space)
        }
    }

    /// May `viewer` act as a member at all — anywhere, before any channel's rules: search
    /// members, react, delete their own? A guest may not (tteok keeps guests read-only).
    public static func memberPermission(for viewer: Viewer) -> SendPermission {
        guard case .member = viewer else { return .denied(.guest) }
        return .allowed
    }

    static func sameRegion(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        // Swift's `==` already compares canonically equivalent strings as equal (a decomposed 종로구
        // matches a precomposed one) without Foundation's normalisation tables.
        return a.lowercased() == b.lowercased()
    }
}
