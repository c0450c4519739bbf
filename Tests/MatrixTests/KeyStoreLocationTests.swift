import ChatCore
import Foundation
import TestSupport
import XCTest
@testable import Matrix

/// The device's identity (its libolm account) lives with the session, not in the cache: deleting
/// the cache keeps the device, and a store an earlier tteok kept beside the cache is moved over.
final class KeyStoreLocationTests: XCTestCase {
    func testDeletingTheCacheKeepsTheDevice() async throws {
        let fixture = try MatrixFixture()
        let (first, _) = try await fixture.member("alice")
        let identity = try identityKey(first)
        _ = first.end()

        try FileManager.default.removeItem(at: fixture.directory.file("alice/cache"))
        let again = fixture.service("alice")
        _ = await again.restoreSession()
        XCTAssertEqual(try identityKey(again), identity, "the same device after the cache was deleted")
        await fixture.close()
    }

    /// The key store remembers that the server took the device's keys: a start whose cache was
    /// deleted does not publish them (and 50 more one-time keys) again.
    func testDeletingTheCacheDoesNotPublishTheDeviceKeysAgain() async throws {
        let fixture = try MatrixFixture()
        let (first, user) = try await fixture.member("carol")
        await first.catchUp()
        let device = try XCTUnwrap(first.active?.session.deviceID)
        _ = first.end()

        try FileManager.default.removeItem(at: fixture.directory.file("carol/cache"))
        let transport = RecordingTransport()
        let again = fixture.service("carol", transport: transport)
        _ = await again.restoreSession()
        await again.catchUp()
        let uploads = transport.requests.filter { $0.url?.path.hasSuffix("/keys/upload") == true }
        let keys = uploads.filter { String(decoding: $0.httpBody ?? Data(), as: UTF8.self).contains("device_keys") }
        XCTAssertEqual(keys.count, 0, "the device's keys were not published again")
        let published = try await again.active?.client.queryKeys([user.userID]).device_keys?[user.userID]?[device]
        XCTAssertNotNil(published, "the server still has them")
        await fixture.close()
    }

    func testAStoreBesideTheCacheMovesToTheSessionFolder() async throws {
        let fixture = try MatrixFixture()
        let (first, user) = try await fixture.member("bob")
        let identity = try identityKey(first)
        let cacheFile = try XCTUnwrap(first.active?.cache.file)
        _ = first.end()
        // Put the store where tteok kept it before: beside the account's cache file.
        let now = KeyStoreLocation.account(user.userID, on: fixture.server, sessionFile: fixture.directory.file("bob/session.json"))
        let before = KeyStoreLocation.beside(cacheFile: cacheFile)
        for (from, to) in [(now.store.path, before.store.path), (now.keyFile.path, before.keyFile.path)]
            + ["-wal", "-shm"].map({ (now.store.path + $0, before.store.path + $0) })
            where FileManager.default.fileExists(atPath: from) {
            try FileManager.default.moveItem(atPath: from, toPath: to)
        }

        let again = fixture.service("bob")
        _ = await again.restoreSession()
        XCTAssertEqual(try identityKey(again), identity, "the moved store is the same device")
        XCTAssertTrue(FileManager.default.fileExists(atPath: now.store.path) && FileManager.default.fileExists(atPath: now.keyFile.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: before.keyFile.path), "nothing is left beside the cache")
        XCTAssertFalse(FileManager.default.fileExists(atPath: before.store.path))
        let folder = try FileManager.default.attributesOfItem(atPath: now.store.deletingLastPathComponent().path)
        XCTAssertEqual(folder[.posixPermissions] as? Int, 0o700)
        await fixture.close()
    }

    private func identityKey(_ service: MatrixService) throws -> String {
        try XCTUnwrap(service.active?.encryption?.crypto.identity.curve25519, "encryption is on for a member")
    }
}
