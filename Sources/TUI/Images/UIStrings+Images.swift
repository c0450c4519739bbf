import ChatCore
import FoundationEssentials

extension UIStrings {
    private func choose(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public var loadingPreview: String { choose("loading preview…", "미리보기 불러오는 중…") }
    /// Under an image whose preview failed (not an image, damaged, too big, not fetched): the
    /// client goes on, and the reason says which.
    public func imageNotShown(_ reason: String) -> String {
        choose("(image could not be shown: \(reason))", "(이미지를 표시할 수 없습니다: \(reason))")
    }
    public var noImageHere: String { choose("No image or file in this chat to open or save.", "이 대화에는 열거나 저장할 이미지나 파일이 없습니다.") }
    /// The picked message carries nothing to save: no other message's attachment is taken instead.
    public var noAttachmentPicked: String {
        choose("The picked message has no image or file.", "고른 메시지에는 이미지나 파일이 없습니다.")
    }
    /// `o` on a file: its bytes are someone else's, so only pictures reach a viewer.
    public var filesAreSavedNotOpened: String {
        choose("Only images are opened; press s to save this file.", "이미지만 열 수 있습니다. 이 파일은 s로 저장하세요.")
    }
    public func opened(_ name: String) -> String { choose("Opening \(name)…", "\(name) 여는 중…") }
    public func saved(to path: String) -> String { choose("Saved to \(path)", "\(path)에 저장했습니다") }
    public func cannotOpen(_ reason: String) -> String { choose("Could not open the image: \(reason)", "이미지를 열 수 없습니다: \(reason)") }
    public func cannotSave(_ reason: String) -> String { choose("Could not save the image: \(reason)", "이미지를 저장할 수 없습니다: \(reason)") }
    public var noImageSupport: String { choose("Images are not available in this build.", "이 빌드에서는 이미지를 쓸 수 없습니다.") }

    /// "1.2 MB": an image's size beside its name.
    public func byteSize(_ count: Int) -> String {
        ByteCount.text(count, base: .file)
    }
}
