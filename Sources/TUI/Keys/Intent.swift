import ViewModels

/// What a key means, whatever key it was: the key map turns keys into intents, and the app acts
/// on intents only. Typed, so a binding can be listed in the help and tested on its own.
public enum Intent: Hashable, Sendable {
    case up, down
    case open
    case nextPane, previousPane
    /// Esc: leave the input, selection mode or a chat; close an overlay; go back.
    case leave
    case help
    case quickSwitcher
    /// `/`: start a slash command.
    case command
    case pageUp, pageDown
    /// End (G in selection mode): the chat's newest message, followed from then on.
    case newest
    /// Home: the chat's oldest message, older pages loaded as needed.
    case oldest
    case selectTab(Tab)
    /// `q` on a list: asks "Quit tteok?" first.
    case quit
    /// Space: tick a checkbox.
    case toggle
    /// `l`: log in (a guest, at any time) or switch accounts.
    case logIn
    /// `i`: type in the chat's input.
    case focusInput
    /// ↑ in a chat outside the input: selection mode, where letters act on the picked message.
    case selectMessages
    /// `o` in selection mode: show the picked (else the newest) image in the system viewer (asks).
    case openImage
    /// `s` in selection mode: save the picked (else the newest) image to the download folder (asks).
    case saveImage
    /// Enter in a text field.
    case submit
    /// A key for the focused text field (typing, cursor moves, history).
    case edit(Key)
    /// `r` in selection mode: report the picked message (asks for the reason, then to confirm).
    case report
    /// `b` in selection mode: block the picked message's sender (asks).
    case block
    /// `t` in selection mode: send my unsent message (picked, else the newest failed) again (asks).
    case retryUnsent
    /// `d` or Del in selection mode: delete the picked message — mine, or anyone's for a
    /// moderator; an unsent one of mine is discarded (asks, naming it).
    case delete
    /// Enter in selection mode: reply to the picked message (the input says to what; Esc cancels).
    case reply
    /// → in selection mode: open the picked message's thread (the one it starts or is in).
    case openThread
    /// Ctrl-E in selection mode: edit the picked message, mine (the input holds its text).
    case editPicked
    /// `+` in selection mode: react to the picked message, or take my reaction back (a choice
    /// that opens on Cancel).
    case react
    /// ↑ in the chat's empty input: edit my last message here (with text in the line: history).
    case editLast
    /// `x` on an invitation in the Direct tab: decline it (asks).
    case decline
    /// ←/→ (or Tab) in a question: the other choice.
    case previousChoice, nextChoice
    /// Tab / Shift-Tab in the chat's input: complete the word before the cursor, or the next
    /// (previous) candidate of the completion under way.
    case complete(forward: Bool)
    /// Alt-A (`/next`): the next chat with highlights, then with new messages (WeeChat's order).
    case nextActivity
    /// Ctrl-R: search the open chat's history (everything when no chat is open).
    case search
    /// Alt-N: the member list beside the chat, on or off (WeeChat's nicklist).
    case toggleMembers
}

/// Where keys go, which decides how the key map reads them. Each has its own table in `KeyMap`.
public enum KeyContext: Hashable, Sendable, CaseIterable {
    /// Lists and panes: letters are commands (j/k, q, ?, 1–4).
    case browsing
    /// A text field has the keys: letters are text.
    case typing
    /// The chat's input has the keys: letters are text, Tab completes (panes move with Tab after
    /// Esc), ↑ on an empty line edits my last message.
    case chatInput
    /// A chat whose input is not focused (after Esc): printable keys still type into the input.
    case reading
    /// The channel list beside an open chat: ↑/↓ and Enter pick a channel; printable keys type
    /// into the chat's input, as everywhere in a chat.
    case sidebar
    /// Selection mode in a chat: ↑/↓ pick a message, letters act on it (each action asks first).
    case selecting
    /// A question over everything (e.g. "Block Bob?"): only its own keys, the rest is dropped.
    case question
    /// An alert over everything: Enter or Esc closes it, the rest is dropped.
    case alert
}
