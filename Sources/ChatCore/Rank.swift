/// The rank title a member earns by the number of messages posted.
public enum Rank: Int, CaseIterable, Hashable, Sendable {
    case newcomer       // 0–4
    case freeTraveller  // 5–9
    case veteran        // 10–29
    case commander      // 30–49
    case master         // 50+

    public init(messageCount: Int) {
        switch messageCount {
        case ..<5: self = .newcomer
        case 5..<10: self = .freeTraveller
        case 10..<30: self = .veteran
        case 30..<50: self = .commander
        default: self = .master
        }
    }

    /// English title; the Korean titles live with the UI strings.
    public var title: String {
        switch self {
        case .newcomer: return "Newcomer on the Tteokbokki Trail"
        case .freeTraveller: return "Free Traveller of the Tteok Road"
        case .veteran: return "Veteran Explorer of the Tteok Road"
        case .commander: return "Commander of the Tteokbokki Trail"
        case .master: return "Master Who Sees All of Tteokbokki"
        }
    }
}
