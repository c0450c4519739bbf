import Foundation
import XCTest

/// Issue 20: a member whose cache was deleted while the session was kept is not asked for the
/// community terms again — consent lives in the account data (`net.tteok.profile`), read back
/// while the cache is rebuilt. The real binary in tmux against the worktree's Synapse.
final class MatrixCacheRebuildTests: XCTestCase {
    private var community: CommunityUnderTest!

    override func setUpWithError() throws { community = try .matrix() }
    override func tearDown() { community?.close(); community = nil }

    /// Failed before the fix: the terms screen stayed up with the status line saying "Guest".
    func testADeletedCacheAsksNoTermsAgain() throws {
        let mina = try community.member("mina")
        let cache = mina.person.home.appendingPathComponent(".cache/tteok")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.path), "signup wrote a cache to delete")
        try FileManager.default.removeItem(at: cache)

        let terminal = try community.terminal(mina.person, [])
        var termsShown: [String] = []
        terminal.wait("the community never showed to the member") { screen in
            if screen.contains(where: { $0.contains("Community rules") }) { termsShown = screen }
            return screen.last?.hasPrefix(" \(mina.nickname) ") == true && !screen.contains { $0.contains("Community rules") }
        }
        XCTAssertEqual(termsShown, [], "the terms were asked again after the cache was deleted")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.path), "the cache was rebuilt")
    }
}
