import FoundationEssentials

/// One SAS verification (`m.sas.v1`) between this device and another, as a state machine:
/// each message the other device sends goes in through `receive`, each step the person takes
/// through `accept`, `confirm` and `mismatch`, and every call returns the messages to send
/// back. Key agreement `curve25519-hkdf-sha256`, hash `sha256`, MAC `hkdf-hmac-sha256.v2`
/// (or libolm's original `hkdf-hmac-sha256` when that is all the other side offers), emoji.
///
/// Anything out of order, malformed or failing a check ends it with the specification's
/// cancellation code, sent to the other side; nothing is ever marked verified unless both the
/// commitment and the other side's MACs over its device key check out after the person
/// confirmed the emoji. Not thread-safe: one owner uses it at a time.
public final class SasVerification {
    public let transactionID: String
    public let own: DeviceIdentity
    public let otherUser: String
    /// How its messages travel: to-device, or as events of a room (a direct conversation).
    public let transport: VerificationTransport
    public private(set) var otherDevice: String?
    public private(set) var phase: SasPhase

    static let method = "m.sas.v1"
    static let keyAgreement = "curve25519-hkdf-sha256"
    static let hash = "sha256"

    /// The other side's device keys, looked up when their MAC is checked.
    private let deviceKeys: (_ user: String, _ device: String) -> DeviceKeys?
    private let sas: SasHandle
    private let weRequested: Bool
    /// Whether we sent `start` (its sender's keys come first in the SAS info).
    private var weStarted = false
    private var startContent: CryptoJSON?
    private var theirCommitment: String?
    private var macMethod: SasMacMethod = .v2
    private var theirKey: String?
    /// The other side's MAC when it came before our person confirmed.
    private var pendingMac: CryptoJSON?
    /// This account's master key, when it has one: our MAC covers it too, as Element's does, so
    /// the other person can trust our cross-signing identity, not only this device.
    public var ownMasterKey: String?
    /// The other side's cross-signing keys (named `ed25519:KEY`) its MAC covered and that checked
    /// out — its master key among them, for a client that sends it.
    public private(set) var verifiedCrossSigningKeys: Set<String> = []

    init(transactionID: String, own: DeviceIdentity, otherUser: String, otherDevice: String?, phase: SasPhase, weRequested: Bool,
         transport: VerificationTransport = .toDevice, deviceKeys: @escaping (String, String) -> DeviceKeys?) throws {
        self.transactionID = transactionID
        self.transport = transport
        self.own = own
        self.otherUser = otherUser
        self.otherDevice = otherDevice
        self.phase = phase
        self.weRequested = weRequested
        self.deviceKeys = deviceKeys
        self.sas = try SasHandle()
    }

    /// A verification we ask for; the returned `request` goes to `device` (or, without one, to
    /// each of the user's devices: the first to answer `ready` is the one verified).
    public static func request(own: DeviceIdentity, user: String, device: String?,
                               deviceKeys: @escaping (String, String) -> DeviceKeys?) throws -> (SasVerification, VerificationOutgoing) {
        let verification = try SasVerification(transactionID: UUID().uuidString, own: own, otherUser: user, otherDevice: device,
                                               phase: .requested, weRequested: true, deviceKeys: deviceKeys)
        let content: CryptoJSON = .object([
            "from_device": .string(own.deviceID), "methods": .array([.string(method)]),
            "timestamp": .integer(Int64(Date().timeIntervalSince1970 * 1000)), "transaction_id": .string(verification.transactionID),
        ])
        return (verification, VerificationOutgoing(message: .request, content: content))
    }

    /// A verification another device asks for, from its `request` or (as older clients and
    /// matrix-nio do) directly its `start`; nil for any other message or one without a
    /// transaction id and device. A start the machine cannot do is already cancelled.
    public static func incoming(_ message: VerificationMessage, content: CryptoJSON, sender: String, own: DeviceIdentity,
                                deviceKeys: @escaping (String, String) -> DeviceKeys?) throws -> SasVerification? {
        guard message == .request || message == .start, let id = content["transaction_id"]?.string, !id.isEmpty,
              let device = content["from_device"]?.string, !device.isEmpty else { return nil }
        let verification = try SasVerification(transactionID: id, own: own, otherUser: sender, otherDevice: device,
                                               phase: .incoming, weRequested: false, deviceKeys: deviceKeys)
        if message == .start { verification.pendingStart = content }
        return verification
    }

    /// The incoming `start` that opened this verification, taken when it is accepted.
    var pendingStart: CryptoJSON?

    /// For an incoming verification: say yes. After a request this sends `ready` (the other side
    /// then starts); after a direct start it sends `accept` with our commitment.
    public func accept() -> [VerificationOutgoing] {
        guard phase == .incoming else { return [] }
        if let start = pendingStart {
            pendingStart = nil
            phase = .ready
            return receiveStart(start)
        }
        phase = .ready
        return [outgoing(.ready, ["from_device": .string(own.deviceID), "methods": .array([.string(Self.method)])])]
    }

    /// The person says the emoji match: our MAC goes out, and if the other side's came already
    /// and checks out, the device is verified.
    public func confirm() -> [VerificationOutgoing] {
        guard case .comparing = phase else { return [] }
        var messages = [outgoing(.mac, ownMac())]
        phase = .confirmed
        if let mac = pendingMac {
            pendingMac = nil
            messages += receiveMac(mac)
        }
        return messages
    }

    /// The person says the emoji differ.
    public func mismatch() -> [VerificationOutgoing] {
        cancel(.ours(.mismatchedSas, "the emoji did not match"))
    }

    /// Ends the verification from our side (the person gave up, or it timed out).
    public func cancel(_ reason: VerificationCancel) -> [VerificationOutgoing] {
        guard !phase.isFinished else { return [] }
        phase = .cancelled(reason)
        return [outgoing(.cancel, ["code": .string(reason.code), "reason": .string(reason.reason)])]
    }

    /// A message of this transaction from the other side.
    public func receive(_ message: VerificationMessage, content: CryptoJSON, sender: String) -> [VerificationOutgoing] {
        guard !phase.isFinished else { return [] }
        guard sender == otherUser else { return cancel(.ours(.userMismatch, "a message came from \(sender), not \(otherUser)")) }
        switch message {
        case .cancel:
            phase = .cancelled(VerificationCancel(code: content["code"]?.string ?? "m.user",
                                                  reason: content["reason"]?.string ?? "no reason given", byPeer: true))
            return []
        case .ready: return receiveReady(content)
        case .start: return phase == .ready ? receiveStart(content) : unexpected(message)
        case .accept: return receiveAccept(content)
        case .key: return receiveKey(content)
        case .mac: return receiveMac(content)
        // Their `done` follows their check of our MAC, which comes after theirs: before we
        // verified it is out of order (a replay, or a peer skipping steps). After, it is ignored above.
        case .done: return unexpected(message)
        case .request: return unexpected(message)
        }
    }

    /// A message of this verification, naming it as its transport does: to-device by
    /// `transaction_id`, in a room by an `m.reference` to the request event. The commitment
    /// covers the start exactly as sent, so this is the only place the framing is decided.
    func outgoing(_ message: VerificationMessage, _ fields: [String: CryptoJSON]) -> VerificationOutgoing {
        var content = fields
        switch transport {
        case .toDevice: content["transaction_id"] = .string(transactionID)
        case .room: content["m.relates_to"] = .object(["rel_type": .string("m.reference"), "event_id": .string(transactionID)])
        }
        return VerificationOutgoing(message: message, content: .object(content))
    }

    func unexpected(_ message: VerificationMessage) -> [VerificationOutgoing] {
        cancel(.ours(.unexpectedMessage, "\(message.rawValue) came out of order"))
    }

    // MARK: Steps

    private func receiveReady(_ content: CryptoJSON) -> [VerificationOutgoing] {
        guard phase == .requested, weRequested else { return unexpected(.ready) }
        guard let device = content["from_device"]?.string, otherDevice == nil || otherDevice == device else {
            return cancel(.ours(.invalidMessage, "ready from a device that was not asked"))
        }
        guard content["methods"]?.strings.contains(Self.method) == true else {
            return cancel(.ours(.unknownMethod, "the other device cannot verify by emoji (m.sas.v1)"))
        }
        otherDevice = device
        let start: [String: CryptoJSON] = [
            "from_device": .string(own.deviceID), "method": .string(Self.method),
            "key_agreement_protocols": .array([.string(Self.keyAgreement)]), "hashes": .array([.string(Self.hash)]),
            "message_authentication_codes": .array(SasMacMethod.allCases.map { .string($0.rawValue) }),
            "short_authentication_string": .array([.string("emoji"), .string("decimal")]),
        ]
        let message = outgoing(.start, start)
        startContent = message.content
        weStarted = true
        phase = .started
        return [message]
    }

    /// Their start: we accept with a commitment to the key we will send.
    private func receiveStart(_ content: CryptoJSON) -> [VerificationOutgoing] {
        guard content["method"]?.string == Self.method,
              content["key_agreement_protocols"]?.strings.contains(Self.keyAgreement) == true,
              content["hashes"]?.strings.contains(Self.hash) == true,
              let mac = SasMacMethod.chosen(from: content["message_authentication_codes"]?.strings ?? []),
              content["short_authentication_string"]?.strings.contains("emoji") == true else {
            return cancel(.ours(.unknownMethod, "the other device asked for a method tteok does not offer"))
        }
        guard let key = try? sas.publicKey(), let canonical = try? CanonicalJSON.string(content) else {
            return cancel(.ours(.invalidMessage, "the start message cannot be read"))
        }
        startContent = content
        macMethod = mac
        phase = .accepted
        return [outgoing(.accept, [
            "method": .string(Self.method), "key_agreement_protocol": .string(Self.keyAgreement), "hash": .string(Self.hash),
            "message_authentication_code": .string(mac.rawValue), "short_authentication_string": .array([.string("emoji"), .string("decimal")]),
            "commitment": .string(Sha256.base64(Data((key + canonical).utf8))),
        ])]
    }

    /// Their accept of our start: we keep their commitment and send our key.
    private func receiveAccept(_ content: CryptoJSON) -> [VerificationOutgoing] {
        guard phase == .started, weStarted else { return unexpected(.accept) }
        guard content["key_agreement_protocol"]?.string == Self.keyAgreement, content["hash"]?.string == Self.hash,
              let mac = content["message_authentication_code"]?.string.flatMap(SasMacMethod.init(accepted:)),
              content["short_authentication_string"]?.strings.contains("emoji") == true else {
            return cancel(.ours(.unknownMethod, "the other device accepted with a method tteok did not offer"))
        }
        guard let commitment = content["commitment"]?.string, let key = try? sas.publicKey() else {
            return cancel(.ours(.invalidMessage, "the accept message has no commitment"))
        }
        theirCommitment = commitment
        macMethod = mac
        phase = .accepted
        return [outgoing(.key, ["key": .string(key)])]
    }

    /// Their ephemeral key: checked against their commitment when we started; then the emoji.
    private func receiveKey(_ content: CryptoJSON) -> [VerificationOutgoing] {
        guard phase == .accepted, theirKey == nil else { return unexpected(.key) }
        guard let key = content["key"]?.string, let start = startContent, let canonical = try? CanonicalJSON.string(start) else {
            return cancel(.ours(.invalidMessage, "the key message has no key"))
        }
        if weStarted, Sha256.base64(Data((key + canonical).utf8)) != theirCommitment {
            return cancel(.ours(.mismatchedCommitment, "the other device's key does not match the commitment it made"))
        }
        guard (try? sas.setTheirKey(key)) != nil, let bytes = try? sas.bytes(info: sasInfo(theirKey: key), count: 6) else {
            return cancel(.ours(.invalidMessage, "the other device's key is not a curve25519 key"))
        }
        theirKey = key
        phase = .comparing(emoji: SasEmoji.seven(from: bytes), decimals: SasEmoji.decimals(from: bytes))
        // The side that accepted sends its key only now, after it has seen the starter's.
        return weStarted ? [] : ((try? sas.publicKey()).map { [outgoing(.key, ["key": .string($0)])] } ?? [])
    }

    /// `MATRIX_KEY_VERIFICATION_SAS|` then the starter's user, device and key, the other
    /// side's, and the transaction id, separated by `|`.
    private func sasInfo(theirKey: String) throws -> String {
        let ourKey = try sas.publicKey()
        let us = "\(own.userID)|\(own.deviceID)|\(ourKey)", them = "\(otherUser)|\(otherDevice ?? "")|\(theirKey)"
        return "MATRIX_KEY_VERIFICATION_SAS|" + (weStarted ? "\(us)|\(them)" : "\(them)|\(us)") + "|\(transactionID)"
    }

    // MARK: MACs

    private func ownMac() -> [String: CryptoJSON] {
        let info = "MATRIX_KEY_VERIFICATION_MAC\(own.userID)\(own.deviceID)\(otherUser)\(otherDevice ?? "")\(transactionID)"
        var keys = ["ed25519:\(own.deviceID)": own.ed25519]
        if let ownMasterKey { keys["ed25519:\(ownMasterKey)"] = ownMasterKey }
        var macs: [String: CryptoJSON] = [:]
        for (keyID, key) in keys { macs[keyID] = .string((try? sas.mac(key, info: info + keyID, method: macMethod)) ?? "") }
        let keysMac = (try? sas.mac(keys.keys.sorted().joined(separator: ","), info: info + "KEY_IDS", method: macMethod)) ?? ""
        return ["mac": .object(macs), "keys": .string(keysMac)]
    }

    /// Their MAC: held until our person confirmed, then checked over the key ids and their
    /// device key; on success we say `done`.
    private func receiveMac(_ content: CryptoJSON) -> [VerificationOutgoing] {
        if case .comparing = phase, pendingMac == nil {
            pendingMac = content
            return []
        }
        guard phase == .confirmed, let device = otherDevice else { return unexpected(.mac) }
        let info = "MATRIX_KEY_VERIFICATION_MAC\(otherUser)\(device)\(own.userID)\(own.deviceID)\(transactionID)"
        guard let macs = content["mac"]?.object, let keys = content["keys"]?.string else {
            return cancel(.ours(.invalidMessage, "the MAC message has no MACs"))
        }
        let keyIDs = CanonicalJSON.sortedKeys(macs).joined(separator: ",")
        guard (try? sas.mac(keyIDs, info: info + "KEY_IDS", method: macMethod)) == keys else {
            return cancel(.ours(.keyMismatch, "the other device's MAC over its key list does not check out"))
        }
        let keyID = "ed25519:\(device)"
        guard let theirs = deviceKeys(otherUser, device) else {
            return cancel(.ours(.keyMismatch, "the other device's keys are not known (not published, or its signature is wrong)"))
        }
        guard let mac = macs[keyID]?.string, (try? sas.mac(theirs.ed25519, info: info + keyID, method: macMethod)) == mac else {
            return cancel(.ours(.keyMismatch, "the other device's MAC over its device key does not check out"))
        }
        // Other keys are cross-signing keys, named by themselves: each MAC must check out too.
        var crossSigning: Set<String> = []
        for (otherID, value) in macs where otherID != keyID {
            let key = String(otherID.dropFirst("ed25519:".count))
            guard otherID.hasPrefix("ed25519:"), !key.isEmpty, let mac = value.string,
                  (try? sas.mac(key, info: info + otherID, method: macMethod)) == mac else {
                return cancel(.ours(.keyMismatch, "the other device's MAC over \(otherID) does not check out"))
            }
            crossSigning.insert(key)
        }
        verifiedCrossSigningKeys = crossSigning
        phase = .verified(theirs)
        return [outgoing(.done, [:])]
    }
}

extension CryptoJSON {
    /// The strings of an array (other members skipped); empty for anything else.
    var strings: [String] {
        guard case .array(let items) = self else { return [] }
        return items.compactMap(\.string)
    }
}
