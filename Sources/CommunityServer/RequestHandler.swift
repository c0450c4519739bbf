import ChatCore
import CommunityProtocol
import FoundationEssentials
import LocalStore

/// Answers one connection's requests with its engine session. The engine (LocalStore) holds
/// every rule; this only translates, so a refusal here is exactly the engine's refusal.
struct RequestHandler: Sendable {
    /// Largest page a client may ask for: keeps every answer well under the frame limit.
    static let maximumPage = 200
    /// Largest page of channels or counts: the size `tteok channels` streams in.
    static let maximumChannelPage = 500

    let community: LocalCommunity
    let slot: SessionSlot

    func answer(_ request: Request) async -> Response {
        do {
            return try await perform(request)
        } catch let error as ChatError {
            return .failure(error)
        } catch {
            return .failure(.storage(String(describing: error)))
        }
    }

    private func perform(_ request: Request) async throws -> Response {
        if let answer = try await session(request) { return answer }
        if let answer = try await reading(request) { return answer }
        if let answer = try await moderating(request) { return answer }
        return try await writing(request)
    }

    /// Sign-in and the like. The slot mirrors the client's session file: each answer that
    /// changes it says what the file should now hold.
    private func session(_ request: Request) async throws -> Response? {
        switch request {
        case .restore(let token):
            if let token { try slot.save(token: token) } else { slot.remove() }
            return .viewer(await community.restoreSession())
        case .viewer: return .viewer(await community.viewer())
        case .signUp(let form): return .signedIn(try await community.signUp(form), token: slot.token ?? "")
        case .logIn(let identifier, let password):
            return .signedIn(try await community.logIn(identifier: identifier, password: password), token: slot.token ?? "")
        case .continueAsGuest:
            try await community.continueAsGuest()
            return .sessionFile(token: slot.token)
        case .logOut:
            try await community.logOut()
            return .sessionFile(token: slot.token)
        case .acceptTerms(let version): return .account(try await community.acceptTerms(version: version))
        case .updateProfile(let nickname, let region): return .account(try await community.updateProfile(nickname: nickname, region: region))
        default: return nil
        }
    }

    private func reading(_ request: Request) async throws -> Response? {
        switch request {
        case .channels: return .channels(try await community.channels())
        case .channelPage(let region, let token, let limit):
            let page = try await community.channelPage(region: region, after: token, limit: min(max(limit, 1), Self.maximumChannelPage))
            return .channelPage(channels: page.channels, pinned: page.pinned, next: page.next)
        case .unreadCounts(let channels):
            let counts = await community.unreadCounts(in: Array(channels.prefix(Self.maximumChannelPage)))
            return .unreadCounts(channels.prefix(Self.maximumChannelPage).compactMap { id in counts[id].map { UnreadCount(channel: id, result: $0) } })
        case .channelNamed(let name): return .channel(try await community.channel(named: name))
        case .unreadCount(let channel): return .count(try await community.unreadCount(in: channel))
        case .permission(let channel): return .permission(await community.permission(in: channel))
        case .latestMessages(let channel, let limit):
            return .page(try await community.latestMessages(in: channel, limit: Self.clamp(limit)))
        case .olderMessages(let channel, let token, let limit):
            return .page(try await community.olderMessages(in: channel, before: token, limit: Self.clamp(limit)))
        case .imageData(let image): return .data(try await community.imageData(image))
        case .fileData(let file): return .data(try await community.fileData(file))
        case .conversations: return .conversations(try await community.conversations())
        case .searchMembers(let query): return .profiles(try await community.searchMembers(query))
        case .memberNames(let channel): return .names(try await community.memberNames(of: channel))
        case .directChannel(let user): return .directChannel(try await community.directChannel(with: user))
        case .activeChannels(let since, let limit): return .activity(try await community.activeChannels(since: since, limit: Self.clamp(limit)))
        case .profile(let user): return .profile(try await community.profile(of: user))
        case .messageCount(let user): return .count(try await community.messageCount(of: user))
        case .recentMessages(let user, let limit): return .messages(try await community.recentMessages(by: user, limit: Self.clamp(limit)))
        case .thread(let root, let channel, let limit): return .thread(try await community.thread(root, in: channel, limit: Self.clamp(limit)))
        case .olderThreadReplies(let root, let channel, let token, let limit):
            return .page(try await community.olderThreadReplies(root, in: channel, before: token, limit: Self.clamp(limit)))
        case .search(var query):
            query.limit = Self.clamp(query.limit)
            return .searchPage(try await community.search(query))
        case .blockedUsers: return .profiles(try await community.blockedUsers())
        default: return nil
        }
    }

    private func writing(_ request: Request) async throws -> Response {
        switch request {
        case .send(let text, let channel, let clientID):
            return .message(try await community.send(text, to: channel, clientID: Self.checked(clientID)))
        case .sendImage(let image, let channel, let clientID):
            return .message(try await community.sendImage(image, to: channel, clientID: Self.checked(clientID)))
        case .sendFile(let file, let channel, let clientID):
            return .message(try await community.sendFile(file, to: channel, clientID: Self.checked(clientID)))
        case .sendDirect(let text, let user, let clientID):
            return .message(try await community.sendDirect(text, to: user, clientID: Self.checked(clientID)))
        case .reply(let text, let message, let channel): return .message(try await community.reply(text, to: message, in: channel))
        case .sendEmote(let text, let channel): return .message(try await community.sendEmote(text, to: channel))
        case .replyInThread(let words, let root, let quoting, let channel):
            return .message(try await community.replyInThread(words, root: root, quoting: quoting, in: channel))
        case .edit(let message, let channel, let text): try await community.edit(message, in: channel, to: text)
        case .react(let message, let channel, let key): try await community.react(to: message, in: channel, with: key)
        case .removeReaction(let key, let message, let channel): try await community.removeReaction(key, from: message, in: channel)
        case .delete(let message, let channel): try await community.delete(message, in: channel)
        case .markRead(let channel): try await community.markRead(channel)
        case .markThreadRead(let root, let channel): try await community.markThreadRead(root, in: channel)
        case .report(let message, let channel, let reason): try await community.report(message, in: channel, reason: reason)
        case .block(let user): try await community.block(user)
        case .unblock(let user): try await community.unblock(user)
        default: throw ChatError.unsupported("The service does not answer \(request) here.")
        }
        return .done
    }

    private static func clamp(_ limit: Int) -> Int { min(max(limit, 0), maximumPage) }

    /// A client id is a short token the client made; anything else is refused.
    private static func checked(_ clientID: String) throws -> String {
        guard (1...64).contains(clientID.utf8.count), clientID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw ChatError.invalidInput("A post needs a client id of 1 to 64 letters, digits or dashes.")
        }
        return clientID
    }
}
