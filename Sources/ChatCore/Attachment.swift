import FoundationEssentials

/// A file attached to a message that is not shown as a picture: any file, a video or a sound.
/// Its bytes come from whoever posted them and are fetched separately (`fileData`); front ends
/// save them, and open only what is safe to open (see the README's Safety section).
public struct FileInfo: Hashable, Sendable, Codable {
    /// What the sender said the file is (Matrix `msgtype`, the community's attachment kind).
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case file, video, audio
    }

    public var kind: Kind
    /// As the sender named it: outside text, never a path to write to as it is.
    public var fileName: String
    /// As the sender declared it; never trusted to decide what the bytes are.
    public var mimeType: String
    /// As the sender declared it (0 when unknown).
    public var byteCount: Int
    /// Backend reference to the bytes (a row key, an `mxc://` URI).
    public var reference: String
    /// Words the sender wrote with it (Matrix v1.10: a `body` apart from `filename`); nil when none.
    public var caption: String?

    public init(kind: Kind, fileName: String, mimeType: String, byteCount: Int, reference: String) {
        self.kind = kind
        self.fileName = fileName
        self.mimeType = mimeType
        self.byteCount = byteCount
        self.reference = reference
    }
}

/// A file read from disk, ready to send as an attachment (`tteok post --file`).
public struct FileUpload: Hashable, Sendable, Codable {
    /// The same limit as images, on every backend.
    public static let maximumByteCount = ImageUpload.maximumByteCount

    public var fileName: String
    public var mimeType: String
    public var data: Data

    public init(fileName: String, mimeType: String, data: Data) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
    }

    /// Video or sound by the declared type, else a plain file: decided here for every backend.
    public var kind: FileInfo.Kind {
        let type = mimeType.lowercased()
        if type.hasPrefix("video/") { return .video }
        if type.hasPrefix("audio/") { return .audio }
        return .file
    }

    /// The type a file is declared as when sent, from its extension (a short table of the
    /// common kinds); anything else is `application/octet-stream`.
    public static func mimeType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return Self.mimeTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    private static let mimeTypes: [String: String] = [
        "txt": "text/plain", "md": "text/markdown", "pdf": "application/pdf", "zip": "application/zip",
        "json": "application/json", "csv": "text/csv",
        "mp4": "video/mp4", "webm": "video/webm", "mkv": "video/x-matroska", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "opus": "audio/opus", "m4a": "audio/mp4", "wav": "audio/wav", "flac": "audio/flac",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    ]
}

/// A place someone shared (Matrix `m.location`): what they called it and, when its `geo:` URI
/// parses, the coordinates. The link shown is rebuilt from the numbers, never the sender's text.
public struct LocationInfo: Hashable, Sendable, Codable {
    public var description: String
    public var latitude: Double?
    public var longitude: Double?

    public init(description: String, latitude: Double?, longitude: Double?) {
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `geo:LAT,LON[,ALT][;params]` (RFC 5870); coordinates out of range or unreadable
    /// leave the place without them.
    public init(description: String, geoURI: String?) {
        self.init(description: description, latitude: nil, longitude: nil)
        guard let geoURI, geoURI.utf8.count <= 200, geoURI.lowercased().hasPrefix("geo:") else { return }
        let numbers = geoURI.dropFirst(4).prefix { $0 != ";" && $0 != "?" }.split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count >= 2, let latitude = Self.coordinate(numbers[0], limit: 90),
              let longitude = Self.coordinate(numbers[1], limit: 180) else { return }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `geo:37.5665,126.978`, made from the parsed numbers; nil without coordinates.
    public var geoURI: String? {
        guard let latitude, let longitude else { return nil }
        return "geo:\(Self.text(latitude)),\(Self.text(longitude))"
    }

    /// `37.5665, 126.978` for people; nil without coordinates.
    public var coordinates: String? {
        guard let latitude, let longitude else { return nil }
        return "\(Self.text(latitude)), \(Self.text(longitude))"
    }

    private static func coordinate(_ text: Substring, limit: Double) -> Double? {
        guard text.count <= 24, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
              let value = Double(text), value.isFinite, abs(value) <= limit else { return nil }
        return value
    }

    /// At most six decimals (about 10 cm), without trailing zeros.
    private static func text(_ value: Double) -> String {
        let micro = Int((value * 1_000_000).rounded())
        var fraction = String(abs(micro) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = (micro < 0 ? "-" : "") + String(abs(micro) / 1_000_000)
        return fraction.isEmpty ? (whole == "-0" ? "0" : whole) : whole + "." + fraction
    }
}
