import Foundation
import TestSupport
import XCTest

/// The `tteok` binary uses FoundationEssentials only. One use of Foundation proper (`NSLock`,
/// `FileHandle`, `Process`, `Thread`, NSString bridging, `String(format:)`, a formatter…) links
/// CoreFoundation and ICU's data into the static release binary: 65 MB stripped instead of under
/// 20 (issue 20's budget). The symbols the debug binary takes from other libraries name every
/// such use, whichever module it is in.
final class FoundationEssentialsOnlyTests: XCTestCase {
    func testTheBinaryTakesNothingFromFoundationProperCoreFoundationOrICU() throws {
        let binary = try TteokBinary.url()
        let listed = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/nm"), ["-D", "--undefined-only", binary.path],
                                        environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(listed.status, 0, "\(listed)")
        let symbols = listed.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        XCTAssertGreaterThan(symbols.count, 100, "nm listed no symbols: \(listed)")
        // `10Foundation` is the module's mangled name wherever it stands: `$sSy10FoundationE…` is
        // one of its extensions on a standard library type (`contains` on strings, which a module
        // picks up unasked once any module it imports imports Foundation).
        let foundationProper = symbols.filter { symbol in
            symbol.hasPrefix("$s") && symbol.contains("10Foundation") || symbol.hasPrefix("$s15FoundationICU") || symbol.hasPrefix("CF")
                || symbol.hasPrefix("_CF") || symbol.hasPrefix("u_") || symbol.hasPrefix("ucol_") || symbol.hasPrefix("ubrk_")
        }
        XCTAssertEqual(foundationProper, [], "the binary uses Foundation proper; use FoundationEssentials or ChatCore's replacements")
    }

    /// An `import Foundation` that uses nothing still links it: the debug binary then needs
    /// libFoundation.so, and the static release binary carries it with ICU's data (it did, at
    /// 64 MB, after one such import in CommunityProtocol).
    func testTheBinaryNeedsNoFoundationLibrary() throws {
        let needed = try TteokBinary.neededLibraries()
        let foundation = needed.filter { line in
            ["libFoundation.so", "libFoundationNetworking", "libFoundationInternationalization", "lib_FoundationICU", "libFoundationXML"].contains { line.contains($0) }
        }
        XCTAssertEqual(foundation, [], "a module of tteok imports Foundation proper; import FoundationEssentials")
    }
}
