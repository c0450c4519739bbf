import FoundationEssentials

/// Signing JSON objects as the specification defines it: the signature covers the canonical
/// JSON of the object without `signatures` and `unsigned`, and is stored under
/// `signatures.{user}.{ed25519:device}`.
enum SignedJSON {
    /// The bytes a signature of `object` covers.
    static func signedBytes(_ object: CryptoJSON) throws -> Data {
        try CanonicalJSON.data(object.removing("signatures", "unsigned"))
    }

    /// `object` with `signature` added for `user`'s key `keyID` (keeping other signatures).
    static func adding(signature: String, user: String, keyID: String, to object: CryptoJSON) -> CryptoJSON {
        guard case .object(var members) = object else { return object }
        var signatures = members["signatures"]?.object ?? [:]
        var mine = signatures[user]?.object ?? [:]
        mine[keyID] = .string(signature)
        signatures[user] = .object(mine)
        members["signatures"] = .object(signatures)
        return .object(members)
    }

    /// Whether `object` carries a valid signature by `user`'s ed25519 key `key` under `keyID`.
    static func verify(_ object: CryptoJSON, user: String, keyID: String, key: String) -> Bool {
        guard let signature = object["signatures"]?[user]?[keyID]?.string,
              let bytes = try? signedBytes(object) else { return false }
        return Ed25519.verify(key: key, message: bytes, signature: signature)
    }
}
