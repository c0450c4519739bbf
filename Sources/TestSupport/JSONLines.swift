import Foundation

/// JSON objects a child process prints one per line, read as they arrive.
public final class JSONLines: @unchecked Sendable {
    private let output: FileHandle
    private var buffer = Data()

    init(_ output: FileHandle) {
        self.output = output
    }

    /// The next line as a JSON object, or nil at the deadline or the end of the output. A read
    /// blocks until bytes come, so the deadline is checked between chunks.
    public func next(seconds: Double) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                return try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
        return nil
    }
}
