import ChatCore

/// What the chat's input bar shows: ready to type, or greyed out with the reason.
public enum InputBarState: Hashable, Sendable {
    /// The viewer may post here; drawn in the accent colour with this placeholder.
    case enabled(placeholder: String)
    /// The viewer may not post here; greyed out with this reason.
    case disabled(reason: String)

    public var isEnabled: Bool {
        if case .enabled = self { return true }
        return false
    }

    /// The bar for the posting rule's answer. A guest is told to log in.
    static func make(permission: SendPermission, strings: Strings) -> InputBarState {
        switch permission {
        case .allowed: return .enabled(placeholder: strings.typeMessage)
        case .denied(.guest): return .disabled(reason: strings.logInToChat)
        case .denied(let denial): return .disabled(reason: strings.denial(denial))
        }
    }
}
