/// The four tabs, in tab-bar order; number keys 1–4 select them.
public enum Tab: Int, CaseIterable, Hashable, Sendable {
    case discover = 1
    case channels
    case direct
    case profile
}
