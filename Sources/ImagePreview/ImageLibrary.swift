import CImageLibraries
import ChatCore

/// A C library behind images. None is linked: CImageLibraries opens each with dlopen on its first
/// use, so a start of tteok that shows no image never loads them (README, "Performance"). A call
/// into a library that cannot be opened ends the process, so each is asked for (`require`)
/// before the first call that needs it: without it there is no image, and the reason says which
/// library is missing.
enum ImageLibrary: Sendable {
    case chafa, png, jpeg, gif, webp

    /// Opens the library (the loader is asked once per process), or throws why it cannot.
    func require() throws(ChatError) {
        var failure: String?
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 300) { buffer in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: buffer.count)
            if tteok_image_library_open(cLibrary, base, buffer.count) == 0 { failure = String(cString: base) }
        }
        if let failure { throw Self.missing(package: package, failure: failure) }
    }

    /// Debian's package that installs the library.
    var package: String {
        switch self {
        case .chafa: return "libchafa0"
        case .png: return "libpng16-16"
        case .jpeg: return "libjpeg62-turbo"
        case .gif: return "libgif7"
        case .webp: return "libwebp7"
        }
    }

    /// The loader's words (`dlerror`) name the file and why it could not be opened.
    static func missing(package: String, failure: String) -> ChatError {
        .unsupported("Images need Debian's \(package) (\(failure)).")
    }

    private var cLibrary: tteok_image_library {
        switch self {
        case .chafa: return TTEOK_IMAGE_LIBRARY_CHAFA
        case .png: return TTEOK_IMAGE_LIBRARY_PNG
        case .jpeg: return TTEOK_IMAGE_LIBRARY_JPEG
        case .gif: return TTEOK_IMAGE_LIBRARY_GIF
        case .webp: return TTEOK_IMAGE_LIBRARY_WEBP
        }
    }
}
