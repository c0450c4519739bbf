import Glibc

/// Whole writes to a file descriptor, through partial writes and signals, without Foundation's
/// `FileHandle` (which links CoreFoundation and ICU's 34 MB of data into the binary).
public enum DescriptorWriting {
    /// Writes every byte; the C library's words for the failure otherwise.
    public static func writeAll(_ bytes: some Sequence<UInt8>, to descriptor: Int32) throws(ChatError) {
        let all = Array(bytes)
        var written = 0
        while written < all.count {
            let count = all.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, all.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .storage(String(cString: strerror(errno)))
            }
            written += count
        }
    }

    /// `text` on standard error; a closed stream loses it, as FileHandle's write did.
    public static func standardError(_ text: String) {
        try? writeAll(text.utf8, to: STDERR_FILENO)
    }

    /// `text` on standard output; a closed stream loses it.
    public static func standardOutput(_ text: String) {
        try? writeAll(text.utf8, to: STDOUT_FILENO)
    }
}
