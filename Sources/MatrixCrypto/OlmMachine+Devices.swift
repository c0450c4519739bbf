import FoundationEssentials
import Storage

/// Other devices' keys from `/keys/query`. A device is kept only when its keys are signed by its
/// own ed25519 key and name the user and device id asked for; a device id already known keeps
/// its first ed25519 key (the specification: a changed key for a known device is not accepted).
extension OlmMachine {
    public func learnDevices(of user: String, _ devices: [String: CryptoJSON]) throws -> [DeviceKeys] {
        var kept: [DeviceKeys] = []
        try database.writeSync { connection in
            for (deviceID, keys) in devices.sorted(by: { $0.key < $1.key }) {
                guard keys["user_id"]?.string == user, keys["device_id"]?.string == deviceID,
                      let curve = keys["keys"]?["curve25519:\(deviceID)"]?.string,
                      let ed = keys["keys"]?["ed25519:\(deviceID)"]?.string,
                      SignedJSON.verify(keys, user: user, keyID: "ed25519:\(deviceID)", key: ed) else { continue }
                let known = try connection.scalar("SELECT ed25519 FROM devices WHERE user_id = ? AND device_id = ?",
                                                  [.text(user), .text(deviceID)]).string
                if let known, known != ed { continue }
                let selfSignedBy = try Self.selfSigningKey(of: user, signing: keys, in: connection)
                _ = try connection.run("""
                    INSERT OR REPLACE INTO devices (user_id, device_id, curve25519, ed25519, self_signed_by) VALUES (?, ?, ?, ?, ?)
                    """, [.text(user), .text(deviceID), .text(curve), .text(ed), selfSignedBy.map(SQLValue.text) ?? .null])
                kept.append(DeviceKeys(userID: user, deviceID: deviceID, curve25519: curve, ed25519: ed))
            }
            // The answer is the user's whole list: a device no longer in it was removed (and
            // gets no more room keys).
            let listed = Set(devices.keys)
            for gone in try connection.query("SELECT device_id FROM devices WHERE user_id = ?", [.text(user)]).compactMap({ $0["device_id"].string })
            where !listed.contains(gone) {
                _ = try connection.run("DELETE FROM devices WHERE user_id = ? AND device_id = ?", [.text(user), .text(gone)])
            }
            _ = try connection.run("INSERT OR REPLACE INTO tracked_users (user_id, stale) VALUES (?, 0)", [.text(user)])
        }
        return kept
    }

    public func usersNeedingDeviceQuery(_ users: [String]) throws -> [String] {
        try database.readSync { connection in
            try users.filter { try connection.scalar("SELECT stale FROM tracked_users WHERE user_id = ?", [.text($0)]).int64 != 0 }
        }
    }

    public func deviceListsChanged(_ changed: [String], left: [String]) throws {
        // Nearly every sync answer names nobody: no write transaction for it.
        guard !changed.isEmpty || !left.isEmpty else { return }
        try database.writeSync { connection in
            for user in changed { _ = try connection.run("UPDATE tracked_users SET stale = 1 WHERE user_id = ?", [.text(user)]) }
            for user in left { _ = try connection.run("DELETE FROM tracked_users WHERE user_id = ?", [.text(user)]) }
        }
    }

    public func devices(of user: String) throws -> [DeviceKeys] {
        try database.readSync { connection in
            try connection.query("SELECT * FROM devices WHERE user_id = ? ORDER BY device_id", [.text(user)]).map(DeviceKeys.init(row:))
        }
    }

    func knownDevice(curve25519: String) throws -> DeviceKeys? {
        try database.readSync { try $0.queryRow("SELECT * FROM devices WHERE curve25519 = ?", [.text(curve25519)]).map(DeviceKeys.init(row:)) }
    }
}

extension DeviceKeys {
    init(row: Row) {
        self.init(userID: row["user_id"].string ?? "", deviceID: row["device_id"].string ?? "",
                  curve25519: row["curve25519"].string ?? "", ed25519: row["ed25519"].string ?? "")
    }
}
