import Foundation
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
    public func trust(ofSender user: String, senderKey: String) throws -> DeviceTrust {
        if user == identity.userID, senderKey == identity.curve25519 { return .verified }
        return try database.readSync { connection in
            guard let device = try connection.queryRow("SELECT * FROM devices WHERE user_id = ? AND curve25519 = ?", [.text(user), .text(senderKey)])
                .map(DeviceKeys.init(row:)) else { return .unverified }
            let verifiedKey = try connection.scalar("SELECT ed25519 FROM verified_devices WHERE user_id = ? AND device_id = ?",
                                                    [.text(user), .text(device.deviceID)]).string
            switch verifiedKey {
            case nil: return .unverified
            case device.ed25519: return .verified
            default: return .changed
            }
        }
    }
}
