import ChatCore

/// What the chat page shows, picks in and acts on: the chat itself (`ChatModel`) or a thread's
/// view over it (`ThreadModel`), so the keys and the slash commands mean the same in both.
@MainActor
public protocol MessageList: AnyObject {
    /// A failure or refusal the front end shows until `dismissAlert()`.
    var alert: String? { get }
    /// The lines shown, oldest first.
    var lines: Loadable<[ChatLine]> { get }
    var selection: MessageID? { get }
    /// The selected line, if it is still shown.
    var selectedLine: ChatLine? { get }
    /// Whether older lines remain; the front end asks for them with `topBecameVisible()`.
    var paging: Paging { get }
    /// My newest line here that I may edit (↑ on an empty input), if any.
    var lastEditableLine: ChatLine? { get }
    /// The newest line of someone else (what `/reply` and `/react` answer with none picked).
    var newestFromOthers: ChatLine? { get }

    func selectOlder()
    func selectNewer()
    func selectEnd(newest: Bool)
    func select(_ id: MessageID?)
    func topBecameVisible() async
    func dismissAlert()

    func mayEdit(_ line: ChatLine) -> Bool
    /// Posts `words` here: in the chat, or in the thread shown.
    @discardableResult func send(_ words: Words) async -> Bool
    @discardableResult func reply(_ text: String, to line: ChatLine) async -> Bool
    @discardableResult func edit(_ line: ChatLine, to text: String) async -> Bool
    @discardableResult func toggleReaction(_ key: String, on line: ChatLine) async -> Bool
    @discardableResult func delete(_ line: ChatLine) async -> Bool

    /// Reports the picked line (the session's `SafetyModel` says how it went).
    @discardableResult func reportSelected(reason: String) async -> Bool
    /// Blocks whoever wrote the picked line.
    @discardableResult func blockSelectedSender() async -> Bool
    /// Sends my unsent line again (`MessageActions.unsentLine` says which).
    @discardableResult func retryUnsent() async -> Bool
    /// Drops my unsent line: it is never sent and leaves the view at once.
    @discardableResult func discardUnsent() async -> Bool
}

/// Moving the pick through a list's lines: one rule for the chat and a thread's view. Room
/// changes (joins, renames) are nothing to reply to, react to or report, so they are skipped.
enum LineSelection {
    static func pickable(_ lines: [ChatLine]) -> [ChatLine] { lines.filter { !$0.message.content.isRoomChange } }

    /// The line before `current` (from nothing: the newest). Up in the transcript.
    static func older(than current: MessageID?, in lines: [ChatLine]) -> MessageID? {
        let lines = pickable(lines)
        guard !lines.isEmpty else { return nil }
        let index = current.flatMap { id in lines.firstIndex { $0.id == id } }.map { max($0 - 1, 0) } ?? lines.count - 1
        return lines[index].id
    }

    /// The line after `current`; past the newest (or from nothing), none.
    static func newer(than current: MessageID?, in lines: [ChatLine]) -> MessageID? {
        let lines = pickable(lines)
        guard let index = current.flatMap({ id in lines.firstIndex { $0.id == id } }), index + 1 < lines.count else { return nil }
        return lines[index + 1].id
    }

    /// The newest line of someone else that may be answered: not deleted, no room change.
    static func newestFromOthers(in lines: [ChatLine]) -> ChatLine? {
        lines.last { !$0.isMine && !$0.message.isDeleted && !$0.message.content.isRoomChange }
    }

    /// The newest or the oldest loaded pickable line.
    static func end(newest: Bool, in lines: [ChatLine]) -> MessageID? {
        let lines = pickable(lines)
        return (newest ? lines.last : lines.first)?.id
    }
}
