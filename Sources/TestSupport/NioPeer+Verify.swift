import Foundation

extension NioPeer {
    /// Which side nio takes in a verification.
    public enum VerifyRole: String, Sendable {
        /// nio sends `start` to the other device directly (as nio does; no request).
        case start
        /// nio waits for a request (answers `ready`) or a start, and accepts.
        case accept
    }

    /// How a hostile peer misbehaves (see `scripts/nio_sas.py`).
    public enum Tamper: String, Sendable {
        case commitment, mac
        case unknownTransaction = "unknown-transaction"
    }

    /// Runs one SAS verification with `otherUser`'s device in the background (nio with matrix-nio
    /// 0.26's SAS bugs corrected as upstream's pull request #573 does). `confirm` is nio's answer;
    /// with `masterKey`, nio's MAC covers that master key too, as Element's does.
    public func verify(_ role: VerifyRole, otherUser: String, otherDevice: String? = nil, confirm: Bool = true,
                       tamper: Tamper? = nil, masterKey: String? = nil) throws -> NioVerification {
        var request: [String: Any] = ["action": "verify", "role": role.rawValue, "other_user": otherUser, "confirm": confirm]
        request["master_key"] = masterKey
        if let otherDevice { request["other_device"] = otherDevice }
        if let tamper { request["tamper"] = tamper.rawValue }
        let (process, lines) = try spawn(request)
        return NioVerification(process: process, lines: lines)
    }
}

extension NioPeer {
    /// Which side the peer takes in an in-room verification.
    public enum RoomVerifyRole: String, Sendable {
        /// The peer sends the request into the room (to `otherUser`) and starts once it is ready.
        case start
        /// The peer waits for a request to it in the room, answers `ready` and accepts the start.
        case accept
        /// A third member of the room: references the first request it sees (`start`, `key`)
        /// and reports the to-device cancel that comes back.
        case meddle
    }

    /// How a hostile in-room peer misbehaves (see `scripts/nio_sas_room.py`).
    public enum RoomTamper: String, Sendable {
        case startBeforeReady = "start-before-ready"
        case doneEarly = "done-early"
        case wrongTransport = "wrong-transport"
    }

    /// Runs one in-room SAS verification in `room` in the background: matrix-nio 0.26 has none,
    /// so the peer's flow is hand-written over python-olm's `olm.Sas` (`scripts/nio_sas_room.py`).
    /// `join` first accepts the peer's invite to the room; `plain` is for a room without encryption.
    public func verifyInRoom(_ role: RoomVerifyRole, room: String, otherUser: String? = nil, confirm: Bool = true,
                             tamper: RoomTamper? = nil, join: Bool = false, plain: Bool = false, seconds: Int = 90) throws -> NioVerification {
        var request: [String: Any] = ["action": "verify-in-room", "role": role.rawValue, "room_id": room, "confirm": confirm,
                                      "join": join, "plain": plain, "timeout": seconds]
        request["other_user"] = otherUser
        if let tamper { request["tamper"] = tamper.rawValue }
        let (process, lines) = try spawn(request)
        return NioVerification(process: process, lines: lines)
    }
}

/// A verification nio runs in the background.
public final class NioVerification: @unchecked Sendable {
    let process: Process
    let lines: JSONLines
    /// The emoji nio showed (symbol), once `outcome` has read them.
    public private(set) var emoji: [String]?
    /// In-room: the request's event id (the transaction id), once read.
    public private(set) var requestID: String?
    /// In-room, "wrong-transport": the to-device answer to the stray message (`code`, `reason`).
    public private(set) var stray: [String: Any]?

    init(process: Process, lines: JSONLines) {
        self.process = process
        self.lines = lines
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Waits for the peer to say it listens (in-room "accept" and "meddle"): a request sent
    /// after this is seen. False when it did not say so in time.
    public func waitUntilListening(seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while let line = lines.next(seconds: deadline.timeIntervalSinceNow) {
            if line["listening"] as? Bool == true { return true }
        }
        return false
    }

    /// nio's last line: `result` ("verified", "canceled", "timeout"), `code`, `reason`, `emoji`.
    public func outcome(seconds: Double = 120) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while let line = lines.next(seconds: deadline.timeIntervalSinceNow) {
            if let shown = line["emoji"] as? [[String]] { emoji = shown.map { $0[0] } }
            if let id = line["request_id"] as? String { requestID = id }
            if let answer = line["stray"] as? [String: Any] { stray = answer }
            if line["result"] != nil {
                process.waitUntilExit()
                return line
            }
        }
        process.terminate()
        return nil
    }
}

extension NioPeer {
    /// `user`'s published cross-signing keys as nio's account reads them from `/keys/query`,
    /// each signature checked by python-olm: `master`, `self_signing_by_master`,
    /// `user_signing_by_master` (visible only to the user), `device_by_self_signing` (for
    /// `device`), `master_by_device`.
    /// With `signer` (the peer's own user), `master_by_signer`: `user`'s master key carries a
    /// valid signature by the signer's user-signing key.
    public func crossSigning(of user: String, device: String, signer: String? = nil) throws -> [String: Any] {
        var request: [String: Any] = ["action": "check-cross-signing", "check_user": user, "check_device": device]
        request["signer"] = signer
        return try run(request)
    }
}

extension NioPeer {
    /// The peer's own account's secret storage read independently of tteok, with `recoveryKey`
    /// (or, given, `passphrase`): `key_checks` (the key's check value), the public keys of the
    /// stored cross-signing seeds (`master`, `self_signing`, `user_signing`) and backup key
    /// (`backup_key`), the server's backup public key (`backup`), `backup_signed_by_master`, and
    /// the `published` cross-signing keys.
    public func secretStorage(recoveryKey: String? = nil, passphrase: String? = nil) throws -> [String: Any] {
        var request: [String: Any] = ["action": "check-secret-storage"]
        request["recovery_key"] = recoveryKey
        request["passphrase"] = passphrase
        return try run(request)
    }
}

extension NioPeer {
    /// Gives nio's account cross-signing keys as Element would (the master key signed by this
    /// device, this device by the self-signing key) — or, with `seeds` from an earlier call, signs
    /// this device with those. Returns the master key and the seeds.
    public func publishCrossSigning(seeds: [String: String]? = nil) throws -> (master: String, seeds: [String: String]) {
        var request: [String: Any] = ["action": "publish-cross-signing"]
        request["seeds"] = seeds
        let answer = try run(request)
        guard let master = answer["master"] as? String, let seeds = answer["seeds"] as? [String: String] else {
            throw Failure(description: "publish-cross-signing answered \(answer)")
        }
        return (master, seeds)
    }
}
