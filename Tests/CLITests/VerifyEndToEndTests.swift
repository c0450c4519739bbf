import Foundation
import TestSupport
import XCTest

/// `tteok verify` on the real binary against matrix-nio on Synapse: tteok asks and nio accepts,
/// nio asks and `tteok verify --accept` accepts; the seven emoji tteok prints are the ones nio
/// shows, the answer is read from standard input, and a "n" cancels on both sides (exit 1, the
/// reason on stderr).
final class VerifyEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var server: URL!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-verify")
        server = try SynapseServer.url()
    }

    override func tearDown() {
        directory = nil
    }

    /// Mina signed up through tteok, and nio's user with its keys on the server.
    private func parties() async throws -> (mina: TteokUser, minaID: String, peer: NioPeer) {
        let (mina, minaID) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        try peer.uploadKeys()
        return (mina, minaID, peer)
    }

    /// The emoji of tteok's comparison lines (`  🐶  Dog · 개`).
    private func emoji(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), line.contains(" · ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    func testTteokAsksAndNioAcceptsWithTheSameEmoji() async throws {
        let (mina, minaID, peer) = try await parties()
        let nio = try peer.verify(.accept, otherUser: minaID)
        let run = try mina.run(["verify", peer.user.userID, peer.deviceID, "--timeout", "90"], stdin: "y\n", timeout: 120)
        XCTAssertEqual(run.status, 0, "\(run)")
        XCTAssertTrue(run.stdout.contains("Verified: \(peer.user.userID)'s device \(peer.deviceID)."), run.stdout)
        XCTAssertTrue(run.stdout.contains("Do they match? [y/n]"), run.stdout)
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["result"] as? String, "verified", "\(outcome)")
        XCTAssertEqual(emoji(run.stdout).count, 7, run.stdout)
        XCTAssertEqual(emoji(run.stdout), nio.emoji, "tteok prints the emoji nio shows")
    }

    func testNioAsksAndTteokAcceptsWithTheSameEmoji() async throws {
        let (mina, minaID, peer) = try await parties()
        let nio = try peer.verify(.start, otherUser: minaID)
        let run = try mina.run(["verify", "--accept", "--timeout", "90"], stdin: "yes\n", timeout: 120)
        XCTAssertEqual(run.status, 0, "\(run)")
        XCTAssertTrue(run.stdout.contains("\(peer.user.userID) asks to verify."), run.stdout)
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["result"] as? String, "verified", "\(outcome)")
        XCTAssertEqual(emoji(run.stdout), nio.emoji, "tteok prints the emoji nio shows")
    }

    /// In-room: Mina asks nio in their encrypted conversation (`--room`), nio answers there.
    func testTteokAsksInTheRoomAndNioAnswersWithTheSameEmoji() async throws {
        let (mina, minaID, peer) = try await parties()
        let room = try peer.createEncryptedRoom(name: "verify here \(SynapseServer.randomName())", invite: [minaID], direct: true).room
        let accepted = try mina.run(["accept", room])
        XCTAssertEqual(accepted.status, 0, "\(accepted)")
        let nio = try peer.verifyInRoom(.accept, room: room)
        XCTAssertTrue(nio.waitUntilListening(), "nio never listened")
        let run = try mina.run(["verify", peer.user.userID, "--room", room, "--timeout", "90"], stdin: "y\n", timeout: 120)
        XCTAssertEqual(run.status, 0, "\(run)")
        XCTAssertTrue(run.stdout.contains("Verified: \(peer.user.userID)'s device \(peer.deviceID)."), run.stdout)
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["result"] as? String, "verified", "\(outcome)")
        XCTAssertEqual(emoji(run.stdout), nio.emoji, "tteok prints the emoji nio shows")
        let usage = try mina.run(["verify", peer.user.userID, peer.deviceID, "--room", room])
        XCTAssertEqual(usage.status, 2, "--room asks every device: a DEVICE is a usage error: \(usage)")
    }

    func testNoCancelsOnBothSidesWithTheReason() async throws {
        let (mina, minaID, peer) = try await parties()
        let nio = try peer.verify(.accept, otherUser: minaID)
        let run = try mina.run(["verify", peer.user.userID, "--timeout", "90"], stdin: "n\n", timeout: 120)
        XCTAssertEqual(run.status, 1, "\(run)")
        XCTAssertEqual(run.stderr, "tteok: verification cancelled: the emoji did not match (m.mismatched_sas)\n")
        let outcome = try XCTUnwrap(nio.outcome())
        XCTAssertEqual(outcome["code"] as? String, "m.mismatched_sas", "\(outcome)")
        let usage = try mina.run(["verify", "@nobody"])
        XCTAssertEqual(usage.status, 2, "a user id without a server is a usage error: \(usage)")
    }

    func testCrossSigningIsSetUpWithThePasswordFromStandardInput() async throws {
        let (mina, _) = try TteokUser.signedUpMatrixMember("Mina", in: directory, server: server)
        let set = try mina.run(["cross-signing", "--password-stdin"], stdin: "correct horse battery\n")
        XCTAssertEqual(set.status, 0, "\(set)")
        XCTAssertTrue(set.stdout.hasPrefix("Cross-signing is set up; this device is signed. Master key: "), set.stdout)
        let wrong = try mina.run(["cross-signing", "--password-stdin"], stdin: "not it\n")
        XCTAssertEqual(wrong.status, 3, "replacing the keys with a wrong password: \(wrong)")
        XCTAssertFalse(wrong.stdout.contains("set up"), wrong.stdout)
        XCTAssertFalse(wrong.stderr.contains("not it"), "the password is never echoed")
    }
}
