import ChatCore

/// What a chat asks the service when it appears besides its messages — the posting rule and the
/// viewer's unread count — asked together with the first page when the chat loads, for `viewer`.
/// The appearance right after the load takes them instead of asking again one after another.
struct AppearanceAnswers {
    let viewer: Viewer
    let permission: SendPermission
    /// Nil when it could not be read (no line marks the first unread message then).
    let unread: Int?
}
