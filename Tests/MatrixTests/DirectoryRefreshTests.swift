import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// Issue 20: every read of the channel list refreshed the public directory behind its answer, so
/// a cold start sent seven identical `GET /publicRooms` (the whole directory each time). Reads
/// that come while a reading is in flight now share it, counted at a real Synapse through a
/// 127.0.0.1 proxy; a name not found still asks the server afresh.
final class DirectoryRefreshTests: XCTestCase {
    /// Readings of the directory: the first page of each (a directory of over 100 rooms, as a
    /// shared test server's soon is, takes more pages, each with `since`).
    private func readings(_ proxy: FaultProxy) -> Int {
        proxy.requests.filter { $0.contains("/publicRooms") && !$0.contains("since=") }.count
    }

    func testTheListsReadsShareOneReadingAndALookupAsksAfresh() async throws {
        let fixture = try MatrixFixture()
        let proxy = try FaultProxy(upstream: fixture.server)
        defer { proxy.stop() }
        let (alice, _) = try await fixture.member("alice", through: proxy.url)
        let (owner, _) = try await fixture.openedRoom("directory", for: alice)
        // The first sync, waited for as the screen does: a script's `catchUp` on a new cache
        // would read the directory itself (see the last test).
        let synced = await alice.active?.sync.firstSync.wait(seconds: 60)
        XCTAssertEqual(synced, true)
        XCTAssertEqual(readings(proxy), 0, "nothing read the directory yet")

        // Each reading takes a second, so every read of the list below comes during the first.
        proxy.set(.delay(1), matching: "/publicRooms")
        let made = try await owner.createRoom(name: "directory \(SynapseServer.randomName())")
        await withTaskGroup(of: Void.self) { group in
            // The pages the channel list reads after a sync answer, all at once.
            for _ in 0..<7 { group.addTask { _ = try? await alice.channelPage(region: nil, after: nil, limit: 20) } }
        }
        let listed = await eventually(seconds: 30) {
            (try? await alice.channels().contains { $0.id.raw == made }) == true
        }
        XCTAssertTrue(listed, "the reading behind the list found the new public room")
        XCTAssertEqual(readings(proxy), 1, "one reading of the directory for every read of the list: \(proxy.requests)")

        // A name the cache does not know asks the server again, however recent the last reading
        // (a background one the lookup's own read of the list starts is joined, not trusted: it
        // may have begun before the room was made).
        let late = "late \(SynapseServer.randomName())"
        let lateID = try await owner.createRoom(name: late)
        let before = readings(proxy)
        let found = try await alice.channel(named: late)
        XCTAssertEqual(found.id.raw, lateID)
        XCTAssertGreaterThan(readings(proxy), before)
        await fixture.close()
    }

    /// The coalescing itself, with the first reading held open by the test.
    func testAReadingInFlightIsSharedAndANowCallerGetsOneThatBeganAfterIt() async throws {
        let refresh = DirectoryRefresh()
        let first = OpenOnceGate(), count = Mutex(0), changed = Mutex(0)
        let held: DirectoryRefresh.Reading = {
            let number = count.withLock { value -> Int in
                value += 1
                return value
            }
            if number == 1 { await first.wait(seconds: 30) }
            return number == 1
        }
        for _ in 0..<5 { refresh.inBackground(held, changed: { changed.withLock { $0 += 1 } }) }
        XCTAssertEqual(refresh.readingsStarted, 1, "five reads of the list behind cached answers, one reading")
        // A caller that needs the directory as it is now, while that reading is held.
        let caller = Task { try await refresh.now(held) }
        let queued = await eventually { refresh.hasQueued }
        XCTAssertTrue(queued, "its reading waits behind the one in flight")
        refresh.inBackground(held, changed: {})
        XCTAssertEqual(refresh.readingsStarted, 1, "a background read skips while one is queued")
        first.open()
        let answer = try await caller.value
        XCTAssertFalse(answer, "the caller got the reading that began after its call, not the held one")
        XCTAssertEqual(refresh.readingsStarted, 2)
        let heard = await eventually { changed.withLock { $0 } == 1 }
        XCTAssertTrue(heard, "the background reading's change was heard once")
        refresh.inBackground(held, changed: {})
        XCTAssertEqual(refresh.readingsStarted, 2, "right after a reading, a background one is skipped")
        refresh.inBackground(held, unlessWithin: .zero, changed: {})
        XCTAssertEqual(refresh.readingsStarted, 3, "Discover's shorter pause, here none, reads again")
    }

    /// A script on a new cache (`tteok channels` after deleting it) lists the directory's
    /// public rooms every time: `catchUp` waits for the first reading. Behind the answer, it died
    /// with the process (310 rooms listed one run, 312 the next).
    func testAScriptOnANewCacheListsTheDirectoryItWaitedFor() async throws {
        let fixture = try MatrixFixture()
        let (alice, user) = try await fixture.member("alice")
        // A room she joined: the script's cache has something to answer with at once.
        let (owner, joined) = try await fixture.openedRoom("mine", for: alice)
        let published = try await owner.createRoom(name: "directory only \(SynapseServer.randomName())")
        // The script: a new log-in, so a new cache.
        let script = fixture.service("alice-script")
        _ = try await script.logIn(identifier: user.localpart, password: user.password)
        await script.catchUp()
        let listed = try await script.channels().map(\.id.raw)
        XCTAssertTrue(listed.contains(joined.raw), "her own room")
        XCTAssertTrue(listed.contains(published), "the public room known only from the directory, at once")
        await fixture.close()
    }
}
