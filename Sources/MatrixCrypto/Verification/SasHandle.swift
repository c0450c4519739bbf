import COlm
import FoundationEssentials

/// One libolm `OlmSAS`: an ephemeral curve25519 key pair for one verification, the shared secret
/// once the other side's key is set, the bytes the emoji come from and the MACs. Not thread-safe
/// (libolm objects are not): its `SasVerification` is used by one owner at a time.
final class SasHandle {
    private let memory: UnsafeMutableRawPointer
    private let pointer: OpaquePointer

    init() throws {
        memory = UnsafeMutableRawPointer.allocate(byteCount: olm_sas_size(), alignment: 16)
        pointer = olm_sas(memory)
        var random = OlmCall.random(olm_create_sas_random_length(pointer))
        defer { OlmCall.wipe(&random) }
        try check(olm_create_sas(pointer, &random, random.count), "olm_create_sas")
    }

    deinit {
        olm_clear_sas(pointer)
        memory.deallocate()
    }

    private func check(_ result: Int, _ call: String) throws {
        try OlmCall.check(result, call) { olm_sas_last_error(pointer) }
    }

    /// Our ephemeral public key (unpadded base64).
    func publicKey() throws -> String {
        try OlmCall.string(length: olm_sas_pubkey_length(pointer)) { buffer, length in
            let written = olm_sas_get_pubkey(pointer, buffer, length)
            try check(written, "olm_sas_get_pubkey")
            return length
        }
    }

    /// Sets the other side's public key; the shared secret exists from here on.
    func setTheirKey(_ key: String) throws {
        var bytes = Array(key.utf8)  // libolm decodes the base64 in place
        try check(olm_sas_set_their_key(pointer, &bytes, bytes.count), "olm_sas_set_their_key")
    }

    /// `count` bytes derived by HKDF-SHA-256 from the shared secret with `info`.
    func bytes(info: String, count: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        let info = Array(info.utf8)
        try check(olm_sas_generate_bytes(pointer, info, info.count, &output, count), "olm_sas_generate_bytes")
        return output
    }

    /// The MAC of `input` with a key derived from the shared secret and `info`, as `method` encodes it.
    func mac(_ input: String, info: String, method: SasMacMethod) throws -> String {
        let input = Array(input.utf8), info = Array(info.utf8)
        return try OlmCall.string(length: olm_sas_mac_length(pointer)) { buffer, length in
            let written: Int
            switch method {
            case .v2: written = olm_sas_calculate_mac_fixed_base64(pointer, input, input.count, info, info.count, buffer, length)
            case .legacy: written = olm_sas_calculate_mac(pointer, input, input.count, info, info.count, buffer, length)
            }
            try check(written, "olm_sas_calculate_mac")
            return length
        }
    }
}

/// How SAS MACs are encoded. `hkdf-hmac-sha256` is libolm's original output, whose base64 is
/// not standard (other implementations call it "invalid base64"); `.v2` is standard base64.
public enum SasMacMethod: String, CaseIterable, Sendable {
    case v2 = "hkdf-hmac-sha256.v2"
    case legacy = "hkdf-hmac-sha256"

    /// The method a start offers that we prefer: the standard encoding first.
    static func chosen(from offered: [String]) -> SasMacMethod? {
        if offered.contains(Self.v2.rawValue) || offered.contains(msc3783) { return .v2 }
        return offered.contains(Self.legacy.rawValue) ? .legacy : nil
    }

    /// What a method named in an `accept` means (the MSC's unstable name is `.v2`).
    init?(accepted name: String) {
        if name == Self.msc3783 { self = .v2 } else { self.init(rawValue: name) }
    }

    static let msc3783 = "org.matrix.msc3783.hkdf-hmac-sha256"
}

/// SHA-256 as libolm computes it (`olm_sha256`): unpadded base64, what SAS commitments are.
enum Sha256 {
    static func base64(_ message: Data) -> String {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: olm_utility_size(), alignment: 16)
        defer { memory.deallocate() }
        let utility = olm_utility(memory)
        defer { olm_clear_utility(utility) }
        let length = olm_sha256_length(utility)
        var output = [UInt8](repeating: 0, count: length)
        _ = message.withUnsafeBytes { olm_sha256(utility, $0.baseAddress, $0.count, &output, length) }
        return String(decoding: output, as: UTF8.self)
    }
}
