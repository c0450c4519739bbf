import ChatCore

/// What every screen model is made with: the backend, the caller's language, and the
/// session-wide change signal that each model's own signal forwards to, so a front end can
/// observe one signal and redraw once per change batch; and the session's reports and blocks.
@MainActor
struct ModelContext {
    let service: any ChatService
    let strings: Strings
    let changes: ChangeSignal
    let safety: SafetyModel
    /// Whether the viewer's typing notices go out (`typing = off` in the config keeps them home).
    var sendsTyping = true
}
