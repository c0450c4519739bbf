import ChatCore
import Foundation
import ViewModels

extension TerminalApp {
    /// Turns on previews and `/image` with `renderer`; a finished preview redraws the screen.
    public func useImages(_ renderer: any ImageRenderer) {
        images = ImagePreviews(renderer: renderer) { [weak self] in
            Task { @MainActor in self?.markDirty() }
        }
        images?.setFetch(imageFetch(for: chat))
    }

    /// `/image PATH`: the guest alert (or the posting rule's reason) before the file is even read;
    /// then the file is read and decoded whole off the main actor, so a refused file sends nothing.
    func sendImage(atPath path: String) async {
        guard let chat else { return alert = strings.notInCommunity }
        if chat.viewer == .guest { return alert = strings.shared.guestCannotSend }
        if case .disabled(let reason) = chat.inputBar { return alert = reason }
        guard let renderer = images?.renderer else { return alert = strings.noImageSupport }
        do {
            let upload = try await Task.detached { try renderer.readUpload(atPath: path) }.value
            if await chat.sendImage(upload) { ui.chatScroll = .newest }
        } catch {
            alert = (error as? ChatError)?.message ?? error.localizedDescription
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
    /// the extension of its real type and shown by the system viewer.
    func openImage() async {
        guard let (image, data) = await chosenImageData() else { return }
        do {
            _ = try ImageFiles.open(data, as: image.fileName, with: imageOpener, temporaryDirectory: ImageFiles.temporaryBase())
            notice = strings.opened(text.line(try ImageFiles.safeName(image.fileName, for: data)))
        } catch {
            // In the status line, not an alert: nothing is lost, and the user may simply go on.
            notice = strings.cannotOpen(text.line((error as? ChatError)?.message ?? error.localizedDescription))
        }
    }

    /// `s`: the chosen image saved to the download folder under a name not yet taken.
    func saveImage() async {
        guard let (image, data) = await chosenImageData() else { return }
        do {
            let url = try ImageFiles.save(data, as: image.fileName, in: downloadDirectory)
            notice = strings.saved(to: text.line(url.path))
        } catch {
            alert = strings.cannotSave((error as? ChatError)?.message ?? error.localizedDescription)
        }
    }

    /// The selected message's image, else the newest image in the chat, with its bytes.
    private func chosenImageData() async -> (ImageInfo, Data)? {
        guard let chat else { return nil }
        guard let image = chosenImage(in: chat) else {
            alert = strings.noImageHere
            return nil
        }
        let data: Data?
        if let images { data = await images.data(of: image) } else { data = await chat.imageData(image) }
        return data.map { (image, $0) }
    }

    func chosenImage(in chat: ChatModel) -> ImageInfo? {
        if case .image(let image)? = chat.selectedLine?.message.content { return image }
        for line in (chat.messages.value ?? []).reversed() {
            if case .image(let image) = line.message.content { return image }
        }
        return nil
    }
}
