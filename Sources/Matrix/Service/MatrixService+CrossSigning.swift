import ChatCore
import FoundationEssentials
import MatrixCrypto

/// Cross-signing of this account: keys made here, published, this device signed, and the private
/// keys kept in the account's secret storage.
extension MatrixService {
    public func setUpCrossSigning(password: String) async throws -> CrossSigningSetup {
        let active = try member()
        guard let encryption = active.encryption else {
            throw ChatError.unsupported("end-to-end encryption is off for this session, so it cannot set up cross-signing")
        }
        let crypto = encryption.crypto
        return try await mapped {
            // Asked before anything is made: a secret storage made elsewhere must be unlocked first.
            if case .locked = try await encryption.secretStorageState() { _ = try await encryption.keyForNewSecrets(passphrase: nil) }
            let keys = try crypto.createCrossSigningKeys()
            do {
                try await active.client.uploadCrossSigningKeys(keys.upload, user: active.userID, password: password)
            } catch MatrixError.api(401, "M_FORBIDDEN", _, _) {
                throw ChatError.wrongPassword
            }
            // Only now: until the server holds the new keys, the old ones are the account's.
            try crypto.keepCrossSigningKeys(keys)
            // The server takes a signature only of device keys it holds (see `unlockSecretStorage`).
            await encryption.publishDeviceKeys()
            if let signed = try crypto.signOwnDevice() { try await active.client.uploadSignatures(signed) }
            guard let master = try crypto.crossSigningPublicKey(.master) else { throw ChatError.storage("the master key was not kept") }
            let storage = try await encryption.keyForNewSecrets(passphrase: nil)
            try await encryption.storeCrossSigningSecrets(with: storage.key)
            return CrossSigningSetup(masterKey: master, recoveryKey: storage.newRecoveryKey)
        }
    }
}
