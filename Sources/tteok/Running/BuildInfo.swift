import CBuildInfo

/// What `tteok --version` prints: the release version (kept here, by hand) and the commit the
/// binary was built from (baked in by Package.swift through CBuildInfo; "unknown" outside git).
enum BuildInfo {
    static let version = "0.1.0"

    static var commit: String { String(cString: tteok_build_commit()) }

    /// `tteok 0.1.0 (commit 1a2b3c4d5e6f)`.
    static var versionLine: String { "tteok \(version) (commit \(commit))" }
}
