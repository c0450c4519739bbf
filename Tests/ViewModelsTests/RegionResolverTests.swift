import ChatCore
import XCTest
@testable import ViewModels

final class RegionResolverTests: XCTestCase {
    let member = Viewer.member(Account(id: UserID("1"), email: "a@x", nickname: "a", region: "마포구", acceptedTermsVersion: 1))

    func testSourcesAreAskedInSpecOrder() async {
        let all = RegionResolver.standard(option: "강남구", environment: ["TTEOK_REGION": "종로구"]) { "서초구" }
        let withoutOption = RegionResolver.standard(option: nil, environment: ["TTEOK_REGION": "종로구"]) { "서초구" }
        let guestEnvironment = RegionResolver.standard(option: nil, environment: ["TTEOK_REGION": "종로구"]) { "서초구" }
        let configOnly = RegionResolver.standard(option: nil, environment: [:]) { "서초구" }
        let nothing = RegionResolver.standard(option: nil, environment: [:]) { nil }
        let result = (
            await all.resolve(for: member), await withoutOption.resolve(for: member),
            await guestEnvironment.resolve(for: .guest), await configOnly.resolve(for: .guest),
            await nothing.resolve(for: .guest))
        XCTAssertEqual(result.0, "강남구")
        XCTAssertEqual(result.1, "마포구")
        XCTAssertEqual(result.2, "종로구")
        XCTAssertEqual(result.3, "서초구")
        XCTAssertNil(result.4)
    }

    func testSlowSourceAnswersWhenWithinTimeout() async {
        let resolver = RegionResolver(sources: [
            { _ in try? await Task.sleep(for: .milliseconds(50)); return "마포구" },
        ], timeout: .seconds(30))
        let region = await resolver.resolve(for: .guest)
        XCTAssertEqual(region, "마포구")
    }

    /// A source that never answers (and ignores cancellation) cannot keep the list from showing.
    func testHungSourceGivesNilAfterTimeout() async {
        let gate = AsyncGate()
        let resolver = RegionResolver(sources: [{ _ in await gate.wait(); return "마포구" }], timeout: .milliseconds(100))
        let region = await resolver.resolve(for: .guest)
        XCTAssertNil(region)
        await gate.open()
    }
}

/// A source that waits until the test lets it go, ignoring cancellation.
private actor AsyncGate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
