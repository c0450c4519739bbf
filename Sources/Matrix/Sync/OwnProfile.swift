/// The account's own profile as tteok shows it: the display name (the server copies it into the
/// account's member events) and tteok's profile (consent, region) in its account data.
///
/// A cold start knows nothing of the member until its first answer. Read from the decoded
/// answer (`init(sightedIn:me:)`), the viewer is known before that answer is written to the
/// cache; kept beside the session (`MatrixService.rememberProfile`), before it is even asked for.
/// Either way the community screen is set up while the server and the cache work, not after.
struct OwnProfile: Codable, Hashable, Sendable {
    /// "" when the member has no display name.
    var displayName: String
    /// tteok's profile, when the account has one.
    var profile: TteokProfileContent?

    init(displayName: String, profile: TteokProfileContent?) {
        self.displayName = displayName
        self.profile = profile
    }

    /// What a sync answer tells: the name of the account's newest join in a joined room, and
    /// tteok's profile from its account data. This is the one rule for which member event names
    /// the account; the cache stores what it picked (`MatrixCache.apply(_:adopting:)`).
    ///
    /// Nil when the answer shows no join of the account's own (no joined room): it then tells
    /// nothing of the name, and the profile is asked for.
    init?(sightedIn sync: SyncResponse, me: String) {
        // Per room the member row keeps the newest event (a later one of the same time wins, as
        // the cache's upsert does); of the rooms where that is a join, the newest names the account.
        var newest: (ts: Int64, name: String)?
        for room in (sync.rooms?.join ?? [:]).values {
            var current: (ts: Int64, member: MemberContent)?
            let events = [room.state?.events ?? [], room.timeline?.events ?? []].joined()
            for event in events where event.type == "m.room.member" && event.state_key == me {
                guard let member = event.content.json?.decode(as: MemberContent.self) else { continue }
                let ts = event.origin_server_ts ?? 0
                if ts >= current?.ts ?? Int64.min { current = (ts, member) }
            }
            guard let current, current.member.membership == "join" else { continue }
            if current.ts > newest?.ts ?? Int64.min { newest = (current.ts, current.member.displayname ?? "") }
        }
        guard let newest else { return nil }
        displayName = newest.name
        profile = sync.account_data?.events?.last { $0.type == TteokProfileContent.type }?.content.decode(as: TteokProfileContent.self)
    }
}
