@testable import MatrixCrypto

/// A device for SAS tests, with a new Olm account's real keys: the MACs cover its ed25519 key.
struct SasTestDevice {
    let identity: DeviceIdentity
    let keys: DeviceKeys

    init(user: String, device: String) throws {
        let account = try OlmAccountHandle.create().identityKeys()
        identity = DeviceIdentity(userID: user, deviceID: device, curve25519: account.curve25519, ed25519: account.ed25519)
        keys = DeviceKeys(userID: user, deviceID: device, curve25519: account.curve25519, ed25519: account.ed25519)
    }
}
