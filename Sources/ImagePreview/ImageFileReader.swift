import ChatCore
import FoundationEssentials

/// Reads an image file to send (`/image PATH`, `tteok post --image PATH`). Every check happens
/// before anything is sent, so a refused file leaves nothing half-sent.
public enum ImageFileReader {
    /// The file as an upload: it exists, is a regular file within `limit` bytes, is one of our
    /// image types by its bytes (not its name), and decodes whole (a file cut short is refused).
    public static func upload(atPath path: String, limit: Int = ImageUpload.maximumByteCount) throws -> ImageUpload {
        let (name, data) = try UploadFile.read(atPath: path, limit: limit)
        let image = try ImageDecoder.decode(data, name: name, budget: ImageDecoder.maximumUploadPixels)
        return ImageUpload(fileName: name, mimeType: image.format.mimeType, data: data, width: image.width, height: image.height)
    }
}
