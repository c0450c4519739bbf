import ChatCore
import FoundationEssentials

/// Saving a file attachment (`s` on a file, video or sound). Its bytes and name come from
/// whoever posted it, so it is only ever saved — never opened — under a name that cannot pass
/// for something else, and never executable (0644 through `ImageFiles.write`).
extension ImageFiles {
    /// Extensions a file manager or desktop would run or launch on a double-click: such a file
    /// is saved with `.download` after its name, so it stays an inert document.
    static let launchableExtensions: Set<String> = [
        "desktop", "sh", "bash", "zsh", "command", "run", "bin", "appimage", "exe", "msi", "bat", "cmd", "com", "ps1",
        "jar", "py", "pl", "rb", "js", "vbs", "scr", "lnk", "app", "deb", "rpm", "elf", "so",
    ]

    /// Writes a file attachment into `directory` under `safeFileName`, never overwriting.
    public static func saveFile(_ data: Data, as fileName: String, in directory: URL) throws -> URL {
        try write(data, named: safeFileName(fileName, for: data), in: directory)
    }

    /// The sender's stem without control or format characters (so no right-to-left override
    /// turns `txt.exe` around), path separators or leading dots; the extension of the image type
    /// when the bytes are one of ours, else the sender's extension when it is a short run of
    /// ASCII letters and digits (else `bin`); `.download` after a launchable one.
    public static func safeFileName(_ fileName: String, for data: Data) -> String {
        let stem = safeStem(fileName, fallback: "file")
        if let format = ImageFormat(sniffing: data) { return stem + "." + format.fileExtension }
        let cleaned = String(String.UnicodeScalarView(fileName.unicodeScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
        }))
        let suffix = PathText.pathExtension(cleaned).lowercased()
        let isPlain = (1...10).contains(suffix.count) && suffix.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        let name = stem + "." + (isPlain ? suffix : "bin")
        return isPlain && launchableExtensions.contains(suffix) ? name + ".download" : name
    }
}
