import ChatCore
import Foundation
import MatrixCrypto

/// Cross-signing of this account: keys made here, published, and this device signed.
extension MatrixService {
    public func setUpCrossSigning(password: String) async throws -> String {
        let active = try member()
        guard let crypto = active.encryption?.crypto else {
            throw ChatError.unsupported("end-to-end encryption is off for this session, so it cannot set up cross-signing")
        }
        return try await mapped {
            let keys = try crypto.createCrossSigningKeys()
            do {
                try await active.client.uploadCrossSigningKeys(keys, user: active.userID, password: password)
            } catch MatrixError.api(401, "M_FORBIDDEN", _, _) {
                throw ChatError.wrongPassword
            }
            if let signed = try crypto.signOwnDevice() { try await active.client.uploadSignatures(signed) }
            guard let master = try crypto.crossSigningPublicKey(.master) else { throw ChatError.storage("the master key was not kept") }
            return master
        }
    }
}
