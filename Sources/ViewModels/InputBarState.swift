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

    /// The bar for a viewer and the posting rule's answer. A guest is told to log in.
    static func make(viewer: Viewer, permission: SendPermission, strings: Strings) -> InputBarState {
        if case .guest = viewer { return .disabled(reason: strings.logInToChat) }
        switch permission {
        case .allowed: return .enabled(placeholder: strings.typeMessage)
        case .denied(let denial): return .disabled(reason: strings.denial(denial))
        }
    }
}
