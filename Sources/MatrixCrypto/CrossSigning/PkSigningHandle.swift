import COlm
import FoundationEssentials

/// One libolm `OlmPkSigning`: an ed25519 key made from a 32-byte seed, for the cross-signing keys
/// (master, self-signing, user-signing). libolm has no pickle for it: the seed is what is kept
/// (sealed, `SealedSeed`).
final class PkSigningHandle {
    private let memory: UnsafeMutableRawPointer
    private let pointer: OpaquePointer
    let publicKey: String

    static var seedLength: Int { olm_pk_signing_seed_length() }

    init(seed: [UInt8]) throws {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_pk_signing_size(), alignment: 16)
        pointer = olm_pk_signing(memory)
        var key = [UInt8](repeating: 0, count: olm_pk_signing_public_key_length())
        let result = olm_pk_signing_key_from_seed(pointer, &key, key.count, seed, seed.count)
        if result == olm_error() {
            let reason = String(cString: olm_pk_signing_last_error(pointer))
            olm_clear_pk_signing(pointer)
            memory.deallocate()
            throw OlmFailure(call: "olm_pk_signing_key_from_seed", reason: reason)
        }
        publicKey = String(decoding: key, as: UTF8.self)
    }

    deinit {
        olm_clear_pk_signing(pointer)
        memory.deallocate()
    }

    /// The ed25519 signature (unpadded base64) of `message`.
    func sign(_ message: Data) throws -> String {
        var signature = [UInt8](repeating: 0, count: olm_pk_signature_length())
        let result = message.withUnsafeBytes { bytes in
            olm_pk_sign(pointer, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &signature, signature.count)
        }
        try OlmCall.check(result, "olm_pk_sign") { olm_pk_signing_last_error(pointer) }
        return String(decoding: signature, as: UTF8.self)
    }
}
