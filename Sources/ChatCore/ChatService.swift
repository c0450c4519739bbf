import FoundationEssentials

/// What a member fills in to sign up.
public struct SignUpRequest: Hashable, Sendable, Codable {
    /// Email (embedded community) or user name / `@name:server` (Matrix).
    public var identifier: String
    public var password: String
    public var nickname: String
    public var region: String?
    /// True when the terms were accepted as part of sign-up (`--accept-terms`).
    public var acceptTerms: Bool

    public init(identifier: String, password: String, nickname: String = "", region: String? = nil, acceptTerms: Bool = false) {
        self.identifier = identifier
        self.password = password
        self.nickname = nickname
        self.region = region
        self.acceptTerms = acceptTerms
    }
}

/// An image file read from disk, ready to send.
public struct ImageUpload: Hashable, Sendable, Codable {
    /// Largest image a member may send (10 MiB), on every backend: the file reader refuses
    /// before reading, the embedded community before storing.
    public static let maximumByteCount = 10 * 1024 * 1024

    public var fileName: String
    public var mimeType: String
    public var data: Data
    public var width: Int?
    public var height: Int?

    public init(fileName: String, mimeType: String, data: Data, width: Int? = nil, height: Int? = nil) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
        self.width = width
        self.height = height
    }
}

/// The one interface both backends implement: the embedded SQLite community and Matrix.
///
/// Nothing above the backends knows which one it has. Calls are async and throw `ChatError`;
/// the rules (guests cannot post, the posting rule, blocks) are enforced here as well as in the UI.
/// It is composed of one protocol per concern, so a screen model names only what it uses
/// (`any ReadingService & LiveEventsService`) and each concern reads on its own.
public protocol ChatService: SessionService, ReadingService, PostingService, SafetyService, LiveEventsService,
    SearchService {}
