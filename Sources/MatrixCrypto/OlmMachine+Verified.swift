import FoundationEssentials
import Storage

/// Devices the person verified by comparing emoji, kept with the signing key they had then.
extension OlmMachine {
    public func markVerified(_ device: DeviceKeys) throws {
        try database.writeSync { connection in
            _ = try connection.run("""
                INSERT OR REPLACE INTO verified_devices (user_id, device_id, ed25519, verified_at) VALUES (?, ?, ?, ?)
                """, [.text(device.userID), .text(device.deviceID), .text(device.ed25519), .integer(Self.now)])
        }
    }

    public func isVerified(_ device: DeviceKeys) throws -> Bool {
        try database.readSync { connection in
            try connection.scalar("SELECT ed25519 FROM verified_devices WHERE user_id = ? AND device_id = ?",
                                  [.text(device.userID), .text(device.deviceID)]).string == device.ed25519
        }
    }
}

extension OlmMachine {
    /// Emoji verification of the device itself comes first; then cross-signing (a changed master
    /// key outweighs a device verified one by one only when that device was not itself verified).
    public func trust(ofSender user: String, senderKey: String) throws -> DeviceTrust {
        if user == identity.userID, senderKey == identity.curve25519 { return .verified }
        return try database.readSync { connection in
            guard let row = try connection.queryRow("SELECT * FROM devices WHERE user_id = ? AND curve25519 = ?", [.text(user), .text(senderKey)]) else {
                return .unverified
            }
            let device = DeviceKeys(row: row)
            let verifiedKey = try connection.scalar("SELECT ed25519 FROM verified_devices WHERE user_id = ? AND device_id = ?",
                                                    [.text(user), .text(device.deviceID)]).string
            if verifiedKey == device.ed25519 { return .verified }
            if let crossSigned = try crossSigningTrust(of: user, selfSignedBy: row["self_signed_by"].string, in: connection) { return crossSigned }
            return verifiedKey == nil ? .unverified : .changed
        }
    }
}
