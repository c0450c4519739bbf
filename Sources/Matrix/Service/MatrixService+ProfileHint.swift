import ChatCore
import FoundationEssentials

/// The member's own profile as last known, kept beside the session rather than in the cache.
///
/// A start whose cache is gone (deleted, or a new machine's copy of the state) would otherwise
/// not know who the member is — consent, region, nickname — until the server's first answer is
/// in and written: the community screen was then set up after the answer, ~2 ms of CPU on the
/// first screen's path, beside the cache's write. With the hint the screen is ready while the
/// server answers, and the answer corrects it (the profile is read again behind it and the
/// viewer published). It names no secret, but lives with the session's other files (0600, in
/// owner-only folders) and goes with a log-out.
extension MatrixService {
    /// `SESSION-FOLDER/profiles/matrix/HOST_PORT/USER.json`.
    func profileHint(for userID: String) -> SecretFile<OwnProfile> {
        let folder = sessionFile.url.deletingLastPathComponent().appendingPathComponent("profiles")
        return SecretFile(url: MatrixCache.accountBase(in: folder, homeserver: homeserver, userID: userID).appendingPathExtension("json"))
    }

    /// Keeps the cache's own profile as the hint, when it has one and it changed. Never fails
    /// what called it: the hint only spares a cold start some time.
    func rememberProfile(_ active: Active) async {
        guard !active.isGuest, let (name, profile) = try? await active.cache.ownProfile(), let name else { return }
        let known = OwnProfile(displayName: name, profile: profile)
        let hint = profileHint(for: active.userID)
        guard hint.load() != known else { return }
        try? hint.save(known)
    }

    /// A log-out leaves nothing of the member behind.
    func forgetProfileHint(for userID: String) {
        profileHint(for: userID).remove()
    }
}
