import ChatCore
import FoundationEssentials

/// Images and files: sending them (read from disk by the caller) and fetching their bytes for a
/// preview, a save or an open. The same rules and alerts as text.
extension ChatModel {
    /// Sends an image (`/image PATH`, read by the caller); the same rules as text.
    @discardableResult
    public func sendImage(_ image: ImageUpload) async -> Bool {
        await post(.image(image))
    }

    /// Sends any file as an attachment; the same rules as text.
    @discardableResult
    public func sendFile(_ file: FileUpload) async -> Bool {
        await post(.file(file))
    }

    /// The bytes of an image message, for its preview; nil (with an alert) when they cannot be had.
    public func imageData(_ image: ImageInfo) async -> Data? {
        await fetched { try await self.service.imageData(image) }
    }

    /// The bytes of a file attachment, to save; nil (with an alert) when they cannot be had.
    public func fileData(_ file: FileInfo) async -> Data? {
        await fetched { try await self.service.fileData(file) }
    }

    private func fetched(_ fetch: () async throws -> Data) async -> Data? {
        do {
            return try await fetch()
        } catch {
            _ = refuse(strings.error(error))
            return nil
        }
    }
}
