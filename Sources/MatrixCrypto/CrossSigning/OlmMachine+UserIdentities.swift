import FoundationEssentials
import Storage

/// Other people's cross-signing keys and trust through them: a user whose master key the person
/// verified (by emoji with a device that vouches for it) has every device their self-signing key
/// signed count as verified; a master key that changes after that makes them "changed".
extension OlmMachine {
    /// Records what `user` publishes (`/keys/query`'s `master_keys` and `self_signing_keys`):
    /// the master key when it is one key of that user with the usage `master`, the self-signing
    /// key only when the master key signed it. Anything else clears what was known.
    public func learnIdentity(of user: String, master: CryptoJSON?, selfSigning: CryptoJSON?) throws {
        try database.writeSync { connection in
            guard let master, let masterKey = Self.crossSigningKey(master, user: user, usage: .master) else {
                _ = try connection.run("DELETE FROM user_identities WHERE user_id = ?", [.text(user)])
                return
            }
            var selfSigningKey: String?
            if let selfSigning, let key = Self.crossSigningKey(selfSigning, user: user, usage: .selfSigning),
               SignedJSON.verify(selfSigning, user: user, keyID: "ed25519:\(masterKey)", key: masterKey) {
                selfSigningKey = key
            }
            let json = String(decoding: try CanonicalJSON.data(master.removing("unsigned")), as: UTF8.self)
            _ = try connection.run("INSERT OR REPLACE INTO user_identities (user_id, master, master_json, self_signing) VALUES (?, ?, ?, ?)",
                                   [.text(user), .text(masterKey), .text(json), selfSigningKey.map(SQLValue.text) ?? .null])
        }
    }

    /// After the person verified `device` by emoji: when its user's published master key was
    /// covered by the verification's MAC (`macVerifiedKeys`, as Element sends it) or carries that
    /// device's signature (the verified device vouches for it; a server shows such signatures
    /// only to their owner), that master key is trusted from now on, and — with a user-signing
    /// key here — the `/keys/signatures/upload` body that signs it is returned, so the person's
    /// other devices and clients trust it too.
    public func trustIdentity(verifiedDevice device: DeviceKeys, macVerifiedKeys: Set<String>) throws -> CryptoJSON? {
        guard device.userID != identity.userID else { return nil }
        let userSigning = try crossSigningHandle(.userSigning)
        return try database.writeSync { connection -> CryptoJSON? in
            guard let row = try connection.queryRow("SELECT master, master_json FROM user_identities WHERE user_id = ?", [.text(device.userID)]),
                  let master = row["master"].string, let text = row["master_json"].string else { return nil }
            let object = try CryptoJSON(parsing: Data(text.utf8))
            guard macVerifiedKeys.contains(master)
                    || SignedJSON.verify(object, user: device.userID, keyID: "ed25519:\(device.deviceID)", key: device.ed25519) else { return nil }
            _ = try connection.run("INSERT OR REPLACE INTO trusted_identities (user_id, master, trusted_at) VALUES (?, ?, ?)",
                                   [.text(device.userID), .text(master), .integer(Self.now)])
            guard let userSigning else { return nil }
            let unsigned = object.removing("signatures", "unsigned")
            let signed = SignedJSON.adding(signature: try userSigning.sign(try SignedJSON.signedBytes(unsigned)), user: identity.userID,
                                           keyID: "ed25519:\(userSigning.publicKey)", to: unsigned)
            return .object([device.userID: .object([master: signed])])
        }
    }

    /// Trust through cross-signing of a device of `user` signed by `selfSignedBy` (nil: not
    /// cross-signed): `changed` when the user's master key is no longer the one verified,
    /// `verified` when the device is signed by the self-signing key of the verified master key
    /// (this account's own master key for its own devices), nil when cross-signing says nothing.
    func crossSigningTrust(of user: String, selfSignedBy: String?, in connection: Connection) throws -> DeviceTrust? {
        let known = try connection.queryRow("SELECT master, self_signing FROM user_identities WHERE user_id = ?", [.text(user)])
        let trusted = user == identity.userID
            ? try connection.scalar("SELECT public_key FROM cross_signing_keys WHERE usage = 'master'").string
            : try connection.scalar("SELECT master FROM trusted_identities WHERE user_id = ?", [.text(user)]).string
        guard let trusted else { return nil }
        guard let known, known["master"].string == trusted else { return user == identity.userID ? nil : .changed }
        if let selfSignedBy, selfSignedBy == known["self_signing"].string { return .verified }
        return nil
    }

    /// The self-signing key of `user` (as known) whose signature `keys` carries, if any.
    static func selfSigningKey(of user: String, signing keys: CryptoJSON, in connection: Connection) throws -> String? {
        guard let key = try connection.scalar("SELECT self_signing FROM user_identities WHERE user_id = ?", [.text(user)]).string,
              SignedJSON.verify(keys, user: user, keyID: "ed25519:\(key)", key: key) else { return nil }
        return key
    }

    /// The one ed25519 key of a cross-signing key object of `user` with `usage`.
    static func crossSigningKey(_ object: CryptoJSON, user: String, usage: CrossSigningUsage) -> String? {
        guard object["user_id"]?.string == user, object["usage"]?.strings.contains(usage.rawValue) == true,
              let keys = object["keys"]?.object, keys.count == 1, let (id, value) = keys.first, let key = value.string,
              id == "ed25519:\(key)" else { return nil }
        return key
    }
}
