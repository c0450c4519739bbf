import FoundationEssentials

/// The image types tteok sends and previews, told apart by their first bytes, never by the file's
/// name: a text file called `photo.png` is not an image.
public enum ImageFormat: String, CaseIterable, Hashable, Sendable {
    case png, jpeg, gif, webp

    /// The format whose signature `data` starts with, or nil when it is none of ours.
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The MIME type sent with the image (Matrix `info.mimetype`, the community's `mime_type`).
    public var mimeType: String { "image/" + rawValue }

    /// The extension a file of this type is saved and opened under, whatever its sender named it.
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .gif: return "gif"
        case .webp: return "webp"
        }
    }

    /// The name a reader knows it by.
    public var displayName: String { rawValue.uppercased() }

    /// "PNG, JPEG, GIF or WebP", for errors that say what is accepted.
    public static var supportedList: String { "PNG, JPEG, GIF or WebP" }
}
