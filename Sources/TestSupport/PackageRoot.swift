import Foundation

/// The package's root directory, found from this source file's place in it
/// (`Sources/TestSupport/…`): where `.build/` holds the built binary and the test Synapse's files.
public enum PackageRoot {
    public static var url: URL {
        URL(fileURLWithPath: "\(#filePath)")
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
    }
}
