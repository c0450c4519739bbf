import ChatCore
import ViewModels

/// What `s` and `o` act on: the picked message's picture or file, never another message's.
public enum ChosenAttachment: Hashable, Sendable {
    /// An image or a sticker: previewed, opened in the image viewer, saved.
    case image(ImageInfo)
    /// A file, video or sound: only saved.
    case file(FileInfo)

    /// The picked message's attachment; with nothing picked, the newest attachment in `lines`.
    /// A picked message without one gives nil: the newest image must not stand in for it.
    public static func pick(selected: Message?, in lines: [ChatLine]) -> ChosenAttachment? {
        if let selected { return of(selected.content) }
        return lines.reversed().lazy.compactMap { of($0.message.content) }.first
    }

    /// The attachment `content` carries, if any.
    public static func of(_ content: MessageContent) -> ChosenAttachment? {
        switch content {
        case .image(let image), .sticker(let image): return .image(image)
        case .file(let file): return .file(file)
        default: return nil
        }
    }

    /// As the sender named it (outside text: sanitised where it is drawn).
    public var fileName: String {
        switch self {
        case .image(let image): return image.fileName
        case .file(let file): return file.fileName
        }
    }
}
