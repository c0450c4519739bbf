import ChatCore
import Foundation
import XCTest

/// `PathText` replaces NSString's path methods (so the binary links no CoreFoundation or ICU):
/// held against NSString itself, which this test target still links. ("//" is left out: NSString
/// calls its last component "" and keeps "/" as it is.)
final class PathTextTests: XCTestCase {
    static let paths = ["a.png", ".bashrc", "a.", "a.tar.gz", "dir.d/file", "a. b", "a.b c", "/x/y.jpg/", "/x/y.jpg//", "a..png", "..", "",
                        "/", "/a", "/a/b", "/a/b/", "a/b", "a.PNG", "a.p/ng", "/tmp/../x.y", "사진.jpeg", "../../etc/passwd",
                        "~", "~/x", "~/x.y/", "/a/~/b", "x.😀", "dir/.hidden", "dir/.hidden.txt"]

    func testLastComponentExtensionsAndAppendingAreNSStrings() {
        for path in Self.paths {
            let reference = path as NSString
            XCTAssertEqual(PathText.lastComponent(path), reference.lastPathComponent, "last of [\(path)]")
            XCTAssertEqual(PathText.pathExtension(path), reference.pathExtension, "extension of [\(path)]")
            XCTAssertEqual(PathText.deletingExtension(path), reference.deletingPathExtension, "without extension [\(path)]")
            XCTAssertEqual(PathText.appending(path, "q"), reference.appendingPathComponent("q"), "[\(path)] + q")
        }
    }

    /// NSString's deletingLastPathComponent traps on a one-component relative path ("x/", "."):
    /// only the paths it survives are compared; ours answers the others too.
    func testDeletingTheLastComponentIsNSStringsWhereNSStringAnswers() {
        for path in Self.paths where path.hasPrefix("/") || path.dropLast().contains("/") {
            XCTAssertEqual(PathText.deletingLastComponent(path), (path as NSString).deletingLastPathComponent, "[\(path)]")
        }
        XCTAssertEqual(PathText.deletingLastComponent("x/"), "")
        XCTAssertEqual(PathText.deletingLastComponent("."), "")
    }

    func testTildeExpandsToTheAccountsHomeFolderAsNSStringDoes() {
        for path in Self.paths + ["~root", "~root/x", "~no-such-user-here/x"] {
            XCTAssertEqual(PathText.expandingTilde(path), (path as NSString).expandingTildeInPath, "[\(path)]")
        }
    }
}
