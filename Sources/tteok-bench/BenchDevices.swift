import Foundation
import MatrixCrypto

/// Devices for the end-to-end encryption rows: crypto stores of their own (libolm accounts
/// through the public `OlmMachine`, as tteok runs it) in a scratch folder, introduced to each
/// other as `/keys/query` and `/keys/claim` would.
final class BenchDevices: Sendable {
    let folder: URL

    init(_ context: BenchOptions) throws {
        folder = context.dataDirectory.appendingPathComponent("crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A new device of `user`.
    func device(_ user: String, _ deviceID: String) throws -> OlmMachine {
        let base = folder.appendingPathComponent("\(user)-\(deviceID)")
        return try OlmMachine(path: base.appendingPathExtension("sqlite"), keyFile: base.appendingPathExtension("key"),
                              userID: user, deviceID: deviceID)
    }

    /// `sender` knows `reader`'s device keys and has an Olm session from one of its one-time keys;
    /// `reader` knows `sender`'s device (a device must claim its own signing key).
    func introduce(_ sender: OlmMachine, to reader: OlmMachine) throws -> DeviceKeys {
        _ = try reader.learnDevices(of: sender.identity.userID, [sender.identity.deviceID: try sender.signedDeviceKeys()])
        guard let device = try sender.learnDevices(of: reader.identity.userID, [reader.identity.deviceID: try reader.signedDeviceKeys()]).first,
              let oneTimeKey = try reader.oneTimeKeysToUpload(serverCount: 0).values.first else {
            throw BenchError.failed("a bench device's keys did not verify")
        }
        try reader.markOneTimeKeysPublished()
        guard try sender.startOlmSessions([device: oneTimeKey]) == [device] else { throw BenchError.failed("no Olm session with a bench device") }
        return device
    }

    /// Hands each reader the room key of `sender`'s outbound session in `room` (as `/sync` would).
    /// One share for all: a share that leaves out a device holding the key rotates the session.
    func shareRoomKey(_ sender: OlmMachine, room: String, with readers: [(machine: OlmMachine, device: DeviceKeys)], rotation: RotationPolicy) throws {
        let share = try sender.roomKeyShare(room: room, devices: readers.map(\.device), rotation: rotation)
        try sender.markShared(share)
        for reader in readers {
            guard let content = share.messages[reader.device],
                  case .roomKey = reader.machine.receive(ToDeviceEvent(type: "m.room.encrypted", sender: sender.identity.userID, content: content)) else {
                throw BenchError.failed("a bench reader did not get the room key")
            }
        }
    }
}
