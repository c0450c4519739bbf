/// What a transcript shows for an in-room verification request (`m.room.message` of msgtype
/// `m.key.verification.request`): a one-line notice under its sender's name. The event's own
/// body is addressed to clients that cannot verify in a room, which tteok can. The steps after
/// it are events of other types, which never become lines.
enum VerificationRequestLine {
    static let msgtype = "m.key.verification.request"
    static let text = "wants to verify by emoji (key verification)"
}
