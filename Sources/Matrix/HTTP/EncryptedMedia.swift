import FoundationEssentials
import MatrixCrypto

/// Attachments of encrypted rooms (`file`, the spec's `EncryptedFile`): the media repository
/// holds ciphertext, the event holds the mxc URI and the secrets. tteok keeps and passes such an
/// attachment as one reference string — the mxc URI, then `marker` and the secrets — so the cache's
/// `url` column, the domain's `reference` and a fetch by it need no second place to look.
enum EncryptedMedia {
    /// Never in an mxc URI (whose media id is `[A-Za-z0-9_-]`), so a plain URI is never read as one.
    static let marker = "#tteok-e2e="

    /// The reference of a well-formed `file`; nil when it is absent or malformed (shown as text).
    static func reference(_ file: JSONValue?) -> String? {
        guard let file, let url = file["url"]?.stringValue, MediaReference(url) != nil,
              file["key"]?["alg"]?.stringValue.map({ $0 == "A256CTR" }) ?? true,
              let secrets = AttachmentSecrets(k: file["key"]?["k"]?.stringValue ?? "", iv: file["iv"]?.stringValue ?? "",
                                              sha256: file["hashes"]?["sha256"]?.stringValue ?? "") else { return nil }
        let encoded = secrets.encoded
        return url + marker + [encoded.k, encoded.iv, encoded.sha256].joined(separator: ".")
    }

    /// The mxc URI a reference downloads, and the secrets to decrypt it with when it is encrypted.
    static func parse(_ reference: String) -> (mxc: String, secrets: AttachmentSecrets?) {
        guard let range = reference.firstRange(of: marker) else { return (reference, nil) }
        let parts = reference[range.upperBound...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let secrets = parts.count == 3 ? AttachmentSecrets(k: parts[0], iv: parts[1], sha256: parts[2]) : nil
        // A marker with broken secrets downloads nothing: the empty URI is refused before any request.
        return secrets == nil ? ("", nil) : (String(reference[..<range.lowerBound]), secrets)
    }

    /// The `file` an encrypted room's event carries for ciphertext uploaded at `mxc`.
    static func file(mxc: String, secrets: AttachmentSecrets) -> JSONValue {
        let encoded = secrets.encoded
        return .object([
            "url": .string(mxc), "v": .string("v2"), "iv": .string(encoded.iv),
            "hashes": .object(["sha256": .string(encoded.sha256)]),
            "key": .object(["kty": .string("oct"), "alg": .string("A256CTR"), "ext": .bool(true), "k": .string(encoded.k),
                            "key_ops": .array([.string("encrypt"), .string("decrypt")])]),
        ])
    }
}
