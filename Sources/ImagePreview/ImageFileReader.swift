import ChatCore
import Foundation

/// Reads an image file to send (`/image PATH`, `tteok post --image PATH`). Every check happens
/// before anything is sent, so a refused file leaves nothing half-sent.
public enum ImageFileReader {
    /// The file as an upload: it exists, is a regular file within `limit` bytes, is one of our
    /// image types by its bytes (not its name), and decodes whole (a file cut short is refused).
    public static func upload(atPath path: String, limit: Int = ImageUpload.maximumByteCount) throws -> ImageUpload {
        let expanded = NSString(string: path).expandingTildeInPath
        let url = URL(fileURLWithPath: expanded)
        let name = url.lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: expanded) else {
            throw ChatError.invalidInput("No such file: \(path)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ChatError.invalidInput("\(path) is not a file.")
        }
        if let size = attributes[.size] as? Int, size > limit { throw ChatError.tooLarge(limit: limit) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ChatError.invalidInput("Cannot read \(path): \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw ChatError.tooLarge(limit: limit) }
        guard !data.isEmpty else { throw ChatError.invalidInput("\(name) is empty.") }
        let image = try ImageDecoder.decode(data, name: name, budget: ImageDecoder.maximumUploadPixels)
        return ImageUpload(fileName: name, mimeType: image.format.mimeType, data: data, width: image.width, height: image.height)
    }
}
