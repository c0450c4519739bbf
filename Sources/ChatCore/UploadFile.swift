import FoundationEssentials

/// Reads a file the viewer chose to send (`/image`, `tteok post --image` / `--file`): it exists,
/// is a regular file (not a FIFO or `/dev/zero`, which would never end), and is within the limit,
/// checked before reading and again after. Every check happens before anything is sent.
public enum UploadFile {
    /// The file's last path component and its bytes.
    public static func read(atPath path: String, limit: Int) throws -> (name: String, data: Data) {
        let expanded = PathText.expandingTilde(path)
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
            throw ChatError.invalidInput("Cannot read \(path): \(ErrorText.describe(error))")
        }
        guard data.count <= limit else { throw ChatError.tooLarge(limit: limit) }
        guard !data.isEmpty else { throw ChatError.invalidInput("\(name) is empty.") }
        return (name, data)
    }
}

extension FileUpload {
    /// The file at `path` as an attachment, its type from its name (`mimeType(forFileName:)`).
    public init(readingAtPath path: String) throws {
        let file = try UploadFile.read(atPath: path, limit: Self.maximumByteCount)
        self.init(fileName: file.name, mimeType: Self.mimeType(forFileName: file.name), data: file.data)
    }
}
