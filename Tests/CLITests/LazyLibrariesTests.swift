import Foundation
import TestSupport
import XCTest

/// The libraries tteok opens with `dlopen` on first use are not linked: a start that never uses
/// them does not map and relocate them (README, "Performance"). A `link` line back in one of the
/// image modules' module maps, or a `pkgConfig` back on their `.systemLibrary` (SwiftPM links
/// every library the .pc file names), would make the binary need them again.
final class LazyLibrariesTests: XCTestCase {
    /// libcrypto (CLibcrypto), libcurl (CCurl), and libchafa with glib, libpng, libjpeg, giflib
    /// and libwebp (CImageLibraries).
    static let openedOnFirstUse = ["libcrypto.so", "libcurl.so", "libchafa.so", "libglib-2.0.so", "libpng16.so", "libjpeg.so",
                                   "libgif.so", "libwebp.so"]

    func testTheBinaryNeedsNoneOfTheLibrariesItOpensOnFirstUse() throws {
        let needed = try TteokBinary.neededLibraries()
        XCTAssertEqual(needed.filter { line in Self.openedOnFirstUse.contains { line.contains("[\($0)") } }, [],
                       "linked, so loaded at every start")
    }
}
