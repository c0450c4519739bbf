import FoundationEssentials

/// Who is using the service: sign-up, log-in, guests, log-out, terms and the profile.
public protocol SessionService: AnyObject, Sendable {
    /// What the forms ask for to name an account (email or user name).
    var accountNaming: AccountNaming { get }
    /// Resumes the saved session if there is one; otherwise the viewer is a guest with no session.
    func restoreSession() async -> Viewer
    /// Who is using the service now. Re-read on every screen appearance.
    func viewer() async -> Viewer
    func signUp(_ request: SignUpRequest) async throws -> Account
    /// Logs in by email (or Matrix user name) and saves the session.
    func logIn(identifier: String, password: String) async throws -> Account
    /// Starts a guest session (read-only in tteok on every backend).
    func continueAsGuest() async throws
    /// Ends the session and forgets it.
    func logOut() async throws
    /// Records the member's consent to the given terms version.
    func acceptTerms(version: Int) async throws -> Account
    /// Changes the member's nickname and/or region; nil leaves a field as it is.
    func updateProfile(nickname: String?, region: String?) async throws -> Account
}

/// A backend whose saved session starts resuming before the terminal is set up: the interactive
/// client starts it before its first screen, and the screen's own `restoreSession` joins the one
/// in flight. Asked with `as?`, like the other optional services.
public protocol EarlyResuming: SessionService {
    /// Begins resuming the saved session now, and returns once the start's first request is on
    /// its way (or none goes before the screen's): not when the session is resumed. True when the
    /// first screen is that request's answer (nothing to start from until the server answers).
    @discardableResult
    func resumeEarly() async -> Bool

    /// Sends the start's first request now, from the caller's thread and without suspending,
    /// when the first screen is its answer (nothing to start from until the server answers);
    /// true then. For a composition root, before anything else runs; `resumeEarly` takes it up.
    func sendFirstRequestNow() -> Bool
}
