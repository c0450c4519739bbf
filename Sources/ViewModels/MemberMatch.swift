import ChatCore

/// How a name typed by the user (`/dm NAME`, `/block NAME`) picks one member from a search.
enum MemberMatch {
    /// The form a typed name is compared in.
    static func normalized(_ query: String) -> String {
        query.trimmingWhitespace().lowercased()
    }

    /// An exact nickname or email match wins; otherwise the only member found; nil when there is
    /// none or the name is ambiguous (guessing would act on the wrong person).
    static func pick(_ query: String, from found: [UserProfile]) -> UserProfile? {
        let wanted = normalized(query)
        if let exact = found.first(where: { $0.nickname.lowercased() == wanted || $0.email?.lowercased() == wanted }) {
            return exact
        }
        return found.count == 1 ? found.first : nil
    }
}
