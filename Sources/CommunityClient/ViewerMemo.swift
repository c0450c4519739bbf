import ChatCore
import CommunityProtocol
import FoundationEssentials
import Glibc

/// The viewer the service last named on this client's live connection, given again for
/// `viewer()` while nothing can have changed it: a start asks who the viewer is from five
/// places (the session, the community, the list, the gate, the chat), each a round trip.
///
/// Forgotten at once when anything could have changed it: any pushed event (a moderator's mute,
/// ban or new terms come as `viewerChanged`; a connection that ends says so), and any request
/// not known to leave the account alone (sign-in, profile, terms, and whatever is added later).
/// What is never pushed to this connection — another process of the same account changing the
/// nickname — is seen at most `lifetime` late. An answer to a request sent before a forgetting
/// is not kept (`generation`).
final class ViewerMemo: Sendable {
    /// How long a kept viewer is given out: longer than a start's burst of questions, shorter
    /// than a person switching windows to change their nickname elsewhere.
    static let lifetime: UInt64 = 1_000_000_000

    private struct Kept {
        var viewer: Viewer
        var at: UInt64
    }

    private let state = Mutex<(kept: Kept?, generation: UInt64)>((nil, 0))

    /// Stamps a question about to be sent: its answer is kept only if nothing was forgotten since.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The kept viewer, if younger than `lifetime`.
    func viewer(now: UInt64 = ViewerMemo.now()) -> Viewer? {
        state.withLock { state in
            guard let kept = state.kept, now &- kept.at < Self.lifetime else { return nil }
            return kept.viewer
        }
    }

    /// Keeps `viewer`, answered to a question stamped `generation`.
    func remember(_ viewer: Viewer, askedAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.kept = Kept(viewer: viewer, at: Self.now())
        }
    }

    func forget() {
        state.withLock { state in
            state.kept = nil
            state.generation &+= 1
        }
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

extension Request {
    /// True for the questions that cannot change who the viewer is or what their account says;
    /// every other request makes the client forget the viewer it kept.
    var leavesViewerAlone: Bool {
        switch self {
        case .viewer, .channels, .channelPage, .unreadCounts, .channelNamed, .unreadCount, .permission, .latestMessages,
             .olderMessages, .imageData, .fileData, .markRead, .conversations, .searchMembers, .directChannel, .activeChannels,
             .profile, .messageCount, .recentMessages, .search, .thread, .olderThreadReplies, .markThreadRead, .blockedUsers,
             .subscribe, .typing, .members, .sessionRefusal:
            return true
        default:
            return false
        }
    }
}
