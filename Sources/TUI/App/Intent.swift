import ViewModels

/// What a key means, whatever key it was: the key map turns keys into intents, and the app acts
/// on intents only. Typed, so a binding can be listed in the help and tested on its own.
public enum Intent: Hashable, Sendable {
    case up, down
    case open
    case nextPane, previousPane
    /// Esc: leave the input, close an overlay, go back.
    case leave
    case help
    case quickSwitcher
    /// `/`: start a slash command.
    case command
    case pageUp, pageDown
    case selectTab(Tab)
    case quit
    /// Space: tick a checkbox.
    case toggle
    /// `l`: log in (a guest, at any time) or switch accounts.
    case logIn
    /// `i`: type in the chat's input.
    case focusInput
    /// `o` in a chat: show the selected (else the newest) image in the system viewer.
    case openImage
    /// `s` in a chat: save the selected (else the newest) image to the download folder.
    case saveImage
    /// Enter in a text field.
    case submit
    /// A key for the focused text field (typing, cursor moves, history).
    case edit(Key)
    /// `r` in a chat's messages: report the selected message (asks for the reason).
    case report
    /// `b` in a chat's messages: block the selected message's sender.
    case block
    /// `t` in a chat's messages: send my unsent message (selected, else the newest failed) again.
    case retryUnsent
    /// `d` in a chat's messages: drop my unsent message (selected, else the newest failed).
    case discardUnsent
}

/// Where keys go, which decides how the key map reads them.
public enum KeyContext: Hashable, Sendable {
    /// Lists and panes: letters are commands (j/k, q, ?, 1–4).
    case browsing
    /// A text field has the keys: letters are text.
    case typing
}
