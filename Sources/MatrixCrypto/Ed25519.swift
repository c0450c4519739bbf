import COlm
import FoundationEssentials

/// Ed25519 signature checks (libolm's `OlmUtility`), for device keys and signed JSON.
enum Ed25519 {
    /// True when `signature` (unpadded base64) is `key`'s signature of `message`.
    static func verify(key: String, message: Data, signature: String) -> Bool {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: olm_utility_size(), alignment: 16)
        defer { memory.deallocate() }
        let utility = olm_utility(memory)
        defer { olm_clear_utility(utility) }
        let keyBytes = Array(key.utf8)
        var signatureBytes = Array(signature.utf8)
        let result = message.withUnsafeBytes {
            olm_ed25519_verify(utility, keyBytes, keyBytes.count, $0.baseAddress, $0.count, &signatureBytes, signatureBytes.count)
        }
        return result != olm_error()
    }
}
