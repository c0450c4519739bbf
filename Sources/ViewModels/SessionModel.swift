import ChatCore

/// Where the app is: before the community (welcome and its forms, terms) or in it.
@MainActor
public enum SessionPhase {
    case starting
    /// Log in / Sign up / Continue as guest.
    case welcome
    case logIn(LogInFormModel)
    case signUp(SignUpFormModel)
    case terms(TermsModel)
    case community(Community)
}

/// The app root: resumes or starts a session, runs the welcome, log-in, sign-up and terms
/// screens, and builds a new `Community` for every account so nothing of the previous one
/// survives. A guest can log in at any time; the screens re-read the viewer as they reappear.
@MainActor
public final class SessionModel {
    /// Published on every change of this session and of every model in it: a front end that
    /// observes only this redraws whenever anything it may show changed.
    public let changes = ChangeSignal()
    public private(set) var phase: SessionPhase = .starting
    /// A failure on the welcome screen (e.g. guest sessions unavailable).
    public private(set) var notice: String?
    /// A one-line notice for the status line until the next key: a theme applied, a block
    /// done, a warning at start-up about this terminal.
    public private(set) var passingNotice: String?
    /// The link to the server, as the backend reports it.
    public var connection: ConnectionState = .online {
        didSet { if connection != oldValue { changes.publish() } }
    }
    public let strings: Strings
    /// Reports and blocks, from any screen of the session; its notice is for the status line.
    public let safety: SafetyModel

    let service: any ChatService
    private let resolver: RegionResolver
    /// Highlight words and where `/notify` levels are kept; set by the composition root before
    /// `start()`.
    public var activitySettings = ActivitySettings()
    /// Whether chats tell others the viewer is typing (`typing = off` in the config: no);
    /// set by the composition root before `start()`.
    public var sendsTyping = true
    /// Told of each message a chat's notify level announces (the front end rings and notifies);
    /// handed to every community's activity model.
    public var onAnnounce: (@MainActor (Announcement) -> Void)?
    /// `--channel NAME`: opened (through the gate) once the community first shows.
    private var startChannel: String?
    /// True until the start's first screen is settled: the welcome (or the terms), or the
    /// community with its channel list loaded and the `--channel` chat opened (or refused). A
    /// front end may hold its frames until then (`TerminalApp.holdsFirstFrame`), so the first
    /// frame a person sees is that screen whole, not "Loading…" and the list filling in.
    public private(set) var isStarting = true

    public init(service: any ChatService, strings: Strings, regionResolver: RegionResolver, startChannel: String? = nil) {
        self.service = service
        self.strings = strings
        self.resolver = regionResolver
        self.startChannel = startChannel
        safety = SafetyModel(service: service, strings: strings, changes: changes)
    }

    /// Every model of this session forwards its changes to `changes`.
    private var context: ModelContext {
        ModelContext(service: service, strings: strings, changes: changes, safety: safety, sendsTyping: sendsTyping)
    }

    /// The community, when the session is in it.
    public var community: Community? {
        if case .community(let community) = phase { return community }
        return nil
    }

    /// Resumes a saved member session, or shows the welcome screen — saying why when the
    /// community refused the saved session (a moderator's ban).
    public func start() async {
        defer { settle() }
        switch await service.restoreSession() {
        case .member(let account): await signedIn(account)
        case .guest:
            if let refusal = await (service as? any ModerationService)?.sessionRefusal() { notice = strings.error(refusal) }
            await show(.welcome)
        }
    }

    /// What the status line says besides the keys: a passing notice, else the nickname gate's,
    /// else an invitation that just arrived, else the welcome screen's failure. Every screen
    /// reads it here.
    public var statusNotice: String? {
        passingNotice ?? community?.gate.notice ?? community?.invitations.notice ?? notice
    }

    /// Shows `notice` on the status line until `clearPassingNotice`.
    public func show(notice: String) {
        passingNotice = notice
        changes.publish()
    }

    public func clearPassingNotice() {
        community?.invitations.clearNotice()
        guard passingNotice != nil else { return }
        passingNotice = nil
        changes.publish()
    }

    // MARK: Welcome

    public func showLogIn() async {
        await show(.logIn(LogInFormModel(context: context) { [weak self] in await self?.signedIn($0) }))
    }

    public func showSignUp() async {
        await show(.signUp(SignUpFormModel(context: context) { [weak self] in await self?.signedIn($0) }))
    }

    public func showWelcome() async {
        await show(.welcome)
    }

    public func continueAsGuest() async {
        defer { settle() }
        do {
            try await service.continueAsGuest()
            await enterCommunity()
        } catch {
            notice = strings.error(error)
            changes.publish()
        }
    }

    // MARK: In the community

    /// A guest (or `/login`) logs in over the open community. From a guest, the screens stay and
    /// upgrade as they reappear; from another member, the community is rebuilt.
    public func presentLogIn() async {
        guard let community else { return }
        let wasGuest = await service.viewer() == .guest
        let form = LogInFormModel(context: context) { [weak self, weak community] account in
            guard let self, let community else { return }
            if wasGuest {
                await self.finishOverCommunity(community, account: account)
            } else {
                await self.signedIn(account)
            }
        }
        await community.navigator.present(.logIn(form))
    }

    /// Ends the session: every screen is closed (and drops its state), then the welcome shows.
    public func logOut() async {
        await community?.close()
        // A notice is about the account that had it (a start-up notice about the terminal stays
        // with the first account of the run).
        passingNotice = nil
        do {
            try await service.logOut()
        } catch {
            notice = strings.error(error)
        }
        await show(.welcome)
    }

    /// The user quits: what the screen on top still owes the service goes now (the open chat's
    /// read marker, paced to one a second). Nothing is closed: the process ends next.
    public func quitting() async {
        if case .chat(let chat)? = community?.navigator.top { await chat.quitting() }
    }

    // MARK: Steps

    private func signedIn(_ account: Account) async {
        guard account.needsTerms() else { return await enterCommunity(as: .member(account)) }
        let terms = TermsModel(context: context, account: account) { [weak self] _ in await self?.enterCommunity() }
        await terms.load()
        await show(.terms(terms))
    }

    /// The guest became a member: terms first if needed, then back to the screen under the form.
    private func finishOverCommunity(_ community: Community, account: Account) async {
        guard account.needsTerms() else { return await community.navigator.dismiss() }
        let terms = TermsModel(context: context, account: account) { [weak community] _ in
            await community?.navigator.dismiss()
        }
        await terms.load()
        await community.navigator.present(.terms(terms))
    }

    /// Builds the community from scratch for the current viewer (`viewer` when the caller has
    /// just read it: one read of the service less before the first screen); the old one is
    /// closed first.
    private func enterCommunity(as viewer: Viewer? = nil) async {
        if community != nil { passingNotice = nil }
        await community?.close()
        let known: Viewer
        if let viewer { known = viewer } else { known = await service.viewer() }
        let community = Community(context: context, resolver: resolver, viewer: known, daily: activitySettings)
        community.sessionEnded = { [weak self] in await self?.endEndedSession() }
        notice = nil
        community.activity.onAnnounce = { [weak self] in self?.onAnnounce?($0) }
        await show(.community(community))
        let channel = startChannel
        startChannel = nil
        await community.start(opening: channel) { [weak self] in self?.settle() }
    }

    /// The first screen is settled (see `isStarting`).
    private func settle() {
        guard isStarting else { return }
        isStarting = false
        changes.publish()
    }

    /// The session ended under the community (a moderator banned the account while it was in
    /// use): every screen is closed and the welcome says why, as at a start with a banned session.
    private func endEndedSession() async {
        await community?.close()
        passingNotice = nil
        let refusal = await (service as? any ModerationService)?.sessionRefusal()
        notice = refusal.map { strings.error($0) } ?? strings.sessionEnded
        await show(.welcome)
    }

    private func show(_ next: SessionPhase) async {
        switch phase {
        case .logIn(let form): await form.close()
        case .signUp(let form): await form.close()
        default: break
        }
        if case .community = next {} else { await community?.close() }
        phase = next
        changes.publish()
    }
}
