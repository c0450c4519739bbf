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
        let foundationProper = symbols.filter { symbol in
            symbol.hasPrefix("$s10Foundation") || symbol.hasPrefix("$s15FoundationICU") || symbol.hasPrefix("CF")
                || symbol.hasPrefix("_CF") || symbol.hasPrefix("u_") || symbol.hasPrefix("ucol_") || symbol.hasPrefix("ubrk_")
        }
        XCTAssertEqual(foundationProper, [], "the binary uses Foundation proper; use FoundationEssentials or ChatCore's replacements")
    }
}
