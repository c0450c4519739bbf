import ChatCore
import Dispatch
import FoundationEssentials

/// Log-in, sign-up, guests, log-out and the member's own profile.
extension MatrixService {
    /// Matrix accounts are user names (a localpart or `@name:server`); email is the server's business.
    public var accountNaming: AccountNaming { .userName }

    public func restoreSession() async -> Viewer {
        // One resume at a time: the interactive client starts one early (`resumeEarly`) and its
        // screen asks again; the second joins the first rather than begin a second session.
        let resuming = restoring.withLock { running -> Task<Void, Never> in
            if let running { return running }
            let started = Task { [self] in await resume() }
            running = started
            return started
        }
        await resuming.value
        restoring.withLock { if $0 == resuming { $0 = nil } }
        return await viewer()
    }

    /// Starts the resume and returns once its first request is with the transport (a cold
    /// start's window) or none goes ahead of the screen's (a cache to start from, no session):
    /// the terminal, themes and word lists are then set up while the server answers, not beside
    /// libcurl's load and the request on the machine's cores.
    ///
    /// True for a cold start: its first screen is the window's answer.
    @discardableResult
    public func resumeEarly() async -> Bool { await resumeEarly(waitingAtMost: Self.startSentWait) }

    /// `resumeEarly`, waiting at most `seconds` for the first request to go.
    @discardableResult
    func resumeEarly(waitingAtMost seconds: Double) async -> Bool {
        Task { [self] in _ = await restoreSession() }
        // Only a cold start's window is waited for, and that is decided here: the resume's own
        // thread may be late (its creation waits behind libcurl's load), and a warm start's
        // screen must not wait for it.
        guard let saved = sessionFile.load(), Self.sameServer(saved.homeserver, homeserver),
              startsWithWindow(saved.userID) else { return false }
        await startSent.wait(seconds: seconds)
        return true
    }

    /// The longest the screen waits for the start's first request (libcurl's load on a loaded machine).
    static let startSentWait = 0.5

    /// Sends a cold start's window (a saved session, nothing cached) now, from the caller's
    /// thread and without suspending; the resume takes it up. A task would wait for a thread of
    /// the pool, and none can be made while libcurl loads (glibc's loader lock): started from the
    /// composition root's thread, the window leaves the moment the load is done.
    ///
    /// True when it was sent: the first screen is its answer.
    public func sendFirstRequestNow() -> Bool {
        guard let saved = sessionFile.load(), Self.sameServer(saved.homeserver, homeserver),
              let window = windowSentNow(for: saved) else { return false }
        earlyWindow.withLock { $0 = (saved, window) }
        return true
    }

    /// The window `sendFirstRequestNow` sent for `session`, once.
    private func takeEarlyWindow(for session: MatrixSession) -> SlidingWindowSource? {
        earlyWindow.withLock { early in
            defer { early = nil }
            return early?.session == session ? early?.window : nil
        }
    }

    private func resume() async {
        guard active == nil, let saved = sessionFile.load(), Self.sameServer(saved.homeserver, homeserver) else { return }
        // The window is asked for here, not after the hop below: a new thread for the hop may
        // wait behind libcurl's load (glibc's loader lock), and the window need not.
        let early = takeEarlyWindow(for: saved)
        let window = early ?? windowSentNow(for: saved)
        // A cold start's new cache and key store open once the window has gone: beside libcurl's
        // load they took CPU from it, which the window waits for (the server then takes 70 ms or
        // more to answer; a new cache is made in 10–35).
        if window != nil { await startSent.wait(seconds: Self.startSentWait) }
        // Opening a new cache (its schema, several syncs to disk) and the key store block: done
        // on a thread of their own, so the cooperative threads stay free for the first requests.
        if let resumed = try? await offThePool({ try self.begin(saved, window: window) }), !resumed.isGuest {
            // A cache made just now (deleted, or moved to another machine) knows nothing of the
            // member: consent and region live in the account data, so they are read back before
            // answering, or the terms would be asked again of someone who agreed long ago.
            var fromWindow = false
            if (try? await resumed.cache.meta("displayname")) == nil {
                // A cold start's window brings both, and its answer is the first screen anyway:
                // asked beside it, the two questions cost the server ~4 ms of that answer. The
                // screen's start (its early window) takes the profile kept from the last run,
                // else the answer's once read: what it shows waits for the answer's write anyway
                // (the channel list does). A script waits for the write: its next step may post,
                // and a post cached before the window's messages was listed after them.
                if early != nil, let known = profileHint(for: saved.userID).load() {
                    resumed.cache.prime(known, replacing: false)
                    fromWindow = true
                } else if window != nil {
                    fromWindow = await profileFromFirstAnswer(resumed, written: early == nil)
                }
                if !fromWindow, (try? await refreshProfile(resumed)) != nil { return }
            }
            // The cached profile answers now; a fresh one follows when the server is reachable
            // (after the window is written: beside it, its two requests took CPU from the first screen).
            Task { [weak self] in
                if fromWindow { await resumed.sync.firstAnswer.wait(seconds: Self.firstAnswerWait) }
                guard (try? await self?.refreshProfile(resumed)) != nil, let self else { return }
                self.hub.publish(.viewerChanged(await self.viewer()))
            }
        }
    }

    /// The profile of a new cache from the start's first answer, a sliding-sync window: tteok's
    /// account data (consent, region) comes with it, and the display name with the member's own
    /// member events, where the server copies the profile's. Known once the answer is read
    /// (`OwnProfile`), so the first screen is set up while the cache takes it in; `written`: once
    /// it is cached. False when they tell nothing (no joined room, no answer in time): the profile is then asked for.
    private func profileFromFirstAnswer(_ active: Active, written: Bool) async -> Bool {
        let gate = written ? active.sync.firstAnswer : active.sync.firstAnswerRead
        guard await gate.wait(seconds: Self.firstAnswerWait) else { return false }
        return (try? await active.cache.ownProfile().displayName) != nil
    }

    /// How long a new cache's profile waits for the window (a server that refuses it answers the
    /// `/sync` after it, seconds for a large account): then it is asked for.
    static let firstAnswerWait = 1.0

    /// Runs blocking work on a global queue's thread and waits for it without holding a thread
    /// of the cooperative pool (two on this kind of machine).
    private func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }

    public func viewer() async -> Viewer {
        guard let active, !active.isGuest else { return .guest }
        return .member((try? await account(active)) ?? DomainMapping.account(user: active.userID, displayName: nil, profile: nil))
    }

    public func signUp(_ request: SignUpRequest) async throws -> Account {
        let name = request.identifier.trimmingWhitespace()
        if name.contains("@"), !name.hasPrefix("@") {
            throw ChatError.unsupported("This Matrix homeserver signs up by user name, not email: use --username NAME.")
        }
        let localpart = MatrixUser.localpart(name)
        let response: SessionResponse
        do {
            response = try await MatrixClient(homeserver: homeserver, transport: transport).register(username: localpart, password: request.password)
        } catch MatrixError.api(_, "M_USER_IN_USE", _, _) {
            throw ChatError.accountExists(localpart)
        } catch let error as MatrixError {
            throw error.chatError
        }
        let active = try await start(response, isGuest: false)
        if !request.nickname.isEmpty || request.region != nil {
            _ = try await updateProfile(nickname: request.nickname.isEmpty ? nil : request.nickname, region: request.region)
        }
        if request.acceptTerms { _ = try await acceptTerms(version: CommunityTerms.currentVersion) }
        return try await mapped { try await account(active) }
    }

    public func logIn(identifier: String, password: String) async throws -> Account {
        let user = identifier.trimmingWhitespace()
        let response: SessionResponse
        do {
            response = try await MatrixClient(homeserver: homeserver, transport: transport).logIn(user: user, password: password)
        } catch MatrixError.api(403, "M_FORBIDDEN", _, _) {
            throw ChatError.wrongPassword
        } catch let error as MatrixError {
            throw error.chatError
        }
        let active = try await start(response, isGuest: false)
        return try await mapped { try await account(active) }
    }

    public func continueAsGuest() async throws {
        let response = try await mapped { try await MatrixClient(homeserver: homeserver, transport: transport).registerGuest() }
        _ = try await start(response, isGuest: true)
    }

    public func logOut() async throws {
        guard let ended = end() else { return }
        if sessionFile.load().map({ $0.userID == ended.userID }) ?? true { sessionFile.remove() }
        forgetProfileHint(for: ended.userID)
        if ended.isGuest { MatrixCache.remove(directory: cacheDirectory, homeserver: homeserver, userID: ended.userID) }
        hub.publish(.viewerChanged(.guest))
        // Synapse refuses /logout to guest accounts (M_GUEST_ACCESS_FORBIDDEN); their token is
        // simply forgotten here.
        guard !ended.isGuest else { return }
        // The server forgets the token too; offline, the token is forgotten here all the same.
        do {
            try await ended.client.logOut()
        } catch MatrixError.unreachable {
        } catch let error as MatrixError where error.chatError == .denied(.notSignedIn) {}
    }

    public func acceptTerms(version: Int) async throws -> Account {
        let active = try member()
        return try await mapped {
            var profile = try await active.cache.accountData(TteokProfileContent.type, as: TteokProfileContent.self) ?? TteokProfileContent()
            profile.accepted_terms_version = version
            try await saveProfile(profile, active)
            return try await announce(active)
        }
    }

    public func updateProfile(nickname: String?, region: String?) async throws -> Account {
        let active = try member()
        return try await mapped {
            if let nickname {
                let trimmed = nickname.trimmingWhitespaceAndNewlines()
                guard !trimmed.isEmpty else { throw ChatError.invalidInput("A nickname cannot be empty.") }
                try await active.client.setDisplayName(trimmed, of: active.userID)
                try await active.cache.setMeta("displayname", trimmed)
            }
            if let region {
                var profile = try await active.cache.accountData(TteokProfileContent.type, as: TteokProfileContent.self) ?? TteokProfileContent()
                profile.region = region.isEmpty ? nil : region
                try await saveProfile(profile, active)
            }
            return try await announce(active)
        }
    }

    // MARK: Helpers

    /// Saves and begins a session from register/login, then loads the member's profile.
    private func start(_ response: SessionResponse, isGuest: Bool) async throws -> Active {
        let session = MatrixSession(homeserver: homeserver, userID: response.user_id, deviceID: response.device_id,
                                    accessToken: response.access_token, isGuest: isGuest)
        // Guest sessions are never resumed, so one is not saved: saving it would replace the
        // member's saved session whenever someone browses with `--guest`.
        if !isGuest { try sessionFile.save(session) }
        // A guest is made to read: its sync starts whoever asked.
        let active = try await mapped { try begin(session, syncing: isGuest || syncsOnSignIn) }
        if !isGuest { try? await refreshProfile(active) }
        hub.publish(.viewerChanged(await viewer()))
        return active
    }

    /// Fetches the display name and tteok's account data into the cache.
    func refreshProfile(_ active: Active) async throws {
        // Both questions at once: a start whose cache was deleted waits for them.
        async let stored = active.client.accountData(TteokProfileContent.type, of: active.userID, as: TteokProfileContent.self)
        // No display name on the server (removed in another client) clears the cached one, so
        // the nickname gate asks again instead of showing a name the member dropped. Synapse
        // answers 404 for the own profile once it has neither a name nor an avatar.
        let name: String?
        do {
            name = try await active.client.profile(of: active.userID).displayname
        } catch MatrixError.api(404, _, _, _) {
            name = nil
        }
        try await active.cache.setMeta("displayname", name ?? "")
        if let profile = try await stored {
            try await active.cache.setAccountData(TteokProfileContent.type, profile)
        }
        await rememberProfile(active)
    }

    private func saveProfile(_ profile: TteokProfileContent, _ active: Active) async throws {
        try await active.client.setAccountData(TteokProfileContent.type, of: active.userID, to: profile)
        try await active.cache.setAccountData(TteokProfileContent.type, profile)
    }

    func account(_ active: Active) async throws -> Account {
        let (name, profile) = try await active.cache.ownProfile()
        return DomainMapping.account(user: active.userID, displayName: name, profile: profile)
    }

    /// Publishes the changed viewer and returns the account.
    private func announce(_ active: Active) async throws -> Account {
        await rememberProfile(active)
        let account = try await account(active)
        hub.publish(.viewerChanged(.member(account)))
        return account
    }

    static func sameServer(_ a: URL, _ b: URL) -> Bool {
        func normal(_ url: URL) -> String {
            var text = url.absoluteString.lowercased()
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        return normal(a) == normal(b)
    }
}
