import ChatCore
import FoundationEssentials

/// What the TUI needs from an image library, so the TUI itself links none: the executable hands
/// in an implementation (libchafa with libpng, libjpeg-turbo, giflib and libwebp), tests may hand in their own.
public protocol ImageRenderer: Sendable {
    /// Reads an image file for `/image PATH`: it must exist, be within
    /// `ImageUpload.maximumByteCount`, be an image by its bytes, and decode whole. Throws a
    /// `ChatError` a user can read; nothing is sent when it throws.
    func readUpload(atPath path: String) throws -> ImageUpload

    /// The image drawn as terminal cells: a canvas at most `size` big, keeping the picture's
    /// proportions (a cell is about twice as tall as it is wide). Throws when it cannot decode.
    func preview(of data: Data, fitting size: Size) throws -> Canvas
}
