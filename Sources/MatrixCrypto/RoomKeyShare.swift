/// When a room's outbound Megolm session is replaced, from its `m.room.encryption` state.
public struct RotationPolicy: Hashable, Sendable {
    /// `rotation_period_ms` (the specification's default: a week).
    public var periodMilliseconds: Int64
    /// `rotation_period_msgs` (default 100).
    public var periodMessages: Int64

    public static let `default` = RotationPolicy(periodMilliseconds: 604_800_000, periodMessages: 100)

    public init(periodMilliseconds: Int64, periodMessages: Int64) {
        self.periodMilliseconds = periodMilliseconds
        self.periodMessages = periodMessages
    }

    /// From the state event's content; missing or nonsensical values take the defaults.
    public init(encryptionState content: CryptoJSON?) {
        let ms = content?["rotation_period_ms"]?.integer ?? Self.default.periodMilliseconds
        let msgs = content?["rotation_period_msgs"]?.integer ?? Self.default.periodMessages
        self.init(periodMilliseconds: ms > 0 ? ms : Self.default.periodMilliseconds,
                  periodMessages: msgs > 0 ? msgs : Self.default.periodMessages)
    }
}

/// A room key on its way: the outbound session's id and one to-device `m.room.encrypted`
/// content per device that does not have it yet.
public struct RoomKeyShare: Hashable, Sendable {
    public let room: String
    public let sessionID: String
    /// Device → Olm-encrypted `m.room_key` (the `content` of a to-device `m.room.encrypted`).
    public let messages: [DeviceKeys: CryptoJSON]
    /// Devices left out because no Olm session could be made with them (no one-time key).
    public let unreachable: [DeviceKeys]
}
