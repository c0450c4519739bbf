import ChatCore
import FoundationEssentials

/// What the embedded community accepts as a message.
enum MessageRules {
    /// Text with something in it, within the size limit. Kept as typed (not trimmed inside).
    static func text(_ text: String) throws -> String {
        guard !text.trimmingWhitespaceAndNewlines().isEmpty else {
            throw ChatError.invalidInput("Type a message first.")
        }
        guard text.utf8.count <= LocalCommunity.textLimit else { throw ChatError.tooLarge(limit: LocalCommunity.textLimit) }
        return text
    }

    /// An image within the 10 MiB limit, with an image MIME type.
    static func check(_ image: ImageUpload) throws {
        guard image.data.count <= LocalCommunity.imageLimit else { throw ChatError.tooLarge(limit: LocalCommunity.imageLimit) }
        guard !image.data.isEmpty else { throw ChatError.invalidInput("The image file is empty.") }
        guard image.mimeType.lowercased().hasPrefix("image/") else {
            throw ChatError.invalidInput("Only images can be sent (got \(image.mimeType)).")
        }
    }

    /// A file within the same limit as images; any type.
    static func check(_ file: FileUpload) throws {
        guard file.data.count <= FileUpload.maximumByteCount else { throw ChatError.tooLarge(limit: FileUpload.maximumByteCount) }
        guard !file.data.isEmpty else { throw ChatError.invalidInput("The file is empty.") }
    }

    /// The last path component only: a sender's directories are not the readers' business.
    static func fileName(_ name: String) -> String {
        let last = PathText.lastComponent(name)
        return last.isEmpty ? "file" : last
    }
}
