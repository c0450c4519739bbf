import ChatCore
import FoundationEssentials
import ViewModels

/// Attachments in a chat: `/image`, and `o` / `s` on the picked image or file — the picked one,
/// never another (`ChosenAttachment`), with the rules for bytes from anyone (`ImageFiles`).
extension ChatController {
    /// `/image PATH`: the guest alert (or the posting rule's reason) before the file is even read;
    /// then the file is read and decoded whole off the main actor, so a refused file sends nothing.
    func sendImage(atPath path: String) async {
        if let refusal = refusalInThread("/image") { return modal.alert = refusal }
        guard let chat = model else { return modal.alert = strings.notInCommunity }
        if let refusal = chat.postingRefusal { return modal.alert = refusal }
        guard let renderer = files.previews?.renderer else { return modal.alert = strings.noImageSupport }
        do {
            let upload = try await Task.detached { try renderer.readUpload(atPath: path) }.value
            if await chat.sendImage(upload) { scroll = .newest }
        } catch {
            modal.alert = ErrorText.describe(error)
        }
    }

    /// Previews fetch their bytes through the open chat's model (its rules, its alerts).
    func imageFetch(for chat: ChatModel?) -> ImagePreviews.Fetch? {
        guard let chat else { return nil }
        return { [weak chat] image in
            guard let chat else { return nil }
            return await chat.imageData(image)
        }
    }

    /// `o`: the chosen image, if its bytes are an image, written to a private temporary file under
    /// the extension of its real type and shown by the system viewer. Any other file is never
    /// opened (its bytes would reach whatever program claims its type): it is saved with `s`.
    func openImage() async {
        guard let chosen = chosenAttachment() else { return }
        guard case .image(let image) = chosen else { return session.show(notice: strings.filesAreSavedNotOpened) }
        guard let data = await data(of: chosen) else { return }
        do {
            _ = try ImageFiles.open(data, as: image.fileName, with: files.opener, temporaryDirectory: ImageFiles.temporaryBase())
            session.show(notice: strings.opened(text.line(try ImageFiles.safeName(image.fileName, for: data))))
        } catch {
            // In the status line, not an alert: nothing is lost, and the user may simply go on.
            session.show(notice: strings.cannotOpen(text.line(ErrorText.describe(error))))
        }
    }

    /// `s`: the chosen image or file saved to the download folder under a name not yet taken.
    func saveImage() async {
        guard let chosen = chosenAttachment(), let data = await data(of: chosen) else { return }
        do {
            let url = switch chosen {
            case .image(let image): try ImageFiles.save(data, as: image.fileName, in: files.downloadDirectory)
            case .file(let file): try ImageFiles.saveFile(data, as: file.fileName, in: files.downloadDirectory)
            }
            session.show(notice: strings.saved(to: text.line(url.path)))
        } catch {
            modal.alert = strings.cannotSave(ErrorText.describe(error))
        }
    }

    /// The attachment `s` and `o` act on, or nil with an alert saying why there is none.
    func chosenAttachment() -> ChosenAttachment? {
        guard let chat = model, let list = shownList else { return nil }
        let lines = thread?.lines.value ?? chat.messages.value ?? []
        guard let chosen = ChosenAttachment.pick(selected: list.selectedLine?.message, in: lines) else {
            modal.alert = list.selectedLine == nil ? strings.noImageHere : strings.noAttachmentPicked
            return nil
        }
        return chosen
    }

    private func data(of chosen: ChosenAttachment) async -> Data? {
        guard let chat = model else { return nil }
        switch chosen {
        case .image(let image): return if let images = files.previews { await images.data(of: image) } else { await chat.imageData(image) }
        case .file(let file): return await chat.fileData(file)
        }
    }
}
