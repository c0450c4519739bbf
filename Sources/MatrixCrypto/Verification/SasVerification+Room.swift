import FoundationEssentials

/// In-room verification (a request sent into a direct conversation, every later step an event
/// referencing it): the same machine, with its messages framed for the room.
extension SasVerification {
    /// The `m.room.message` content of a request to `user` sent from this device into a room.
    /// Its event id, once sent, is the transaction id `requested(inRoom:…)` takes.
    public static func roomRequestContent(own: DeviceIdentity, user: String) -> CryptoJSON {
        .object([
            "msgtype": .string(VerificationMessage.request.rawValue),
            "body": .string("\(own.userID) is asking to verify \(user) by emoji, which this client cannot show."),
            "from_device": .string(own.deviceID), "methods": .array([.string(method)]), "to": .string(user),
        ])
    }

    /// A verification we asked for in `room` by the request event `requestID`: any of `user`'s
    /// devices may answer `ready`, the first to do so is the one verified.
    public static func requested(inRoom room: String, requestID: String, own: DeviceIdentity, user: String,
                                 deviceKeys: @escaping (String, String) -> DeviceKeys?) throws -> SasVerification {
        try SasVerification(transactionID: requestID, own: own, otherUser: user, otherDevice: nil, phase: .requested,
                            weRequested: true, transport: .room(room), deviceKeys: deviceKeys)
    }

    /// A request `sender` sent into `room` as event `requestID`: nil unless it names this user
    /// (`to`) and the asking device. In a room a verification always begins with a request.
    public static func incoming(roomRequest content: CryptoJSON, requestID: String, room: String, sender: String, own: DeviceIdentity,
                                deviceKeys: @escaping (String, String) -> DeviceKeys?) throws -> SasVerification? {
        guard content["msgtype"]?.string == VerificationMessage.request.rawValue, content["to"]?.string == own.userID,
              sender != own.userID, !requestID.isEmpty, let device = content["from_device"]?.string, !device.isEmpty else { return nil }
        return try SasVerification(transactionID: requestID, own: own, otherUser: sender, otherDevice: device, phase: .incoming,
                                   weRequested: false, transport: .room(room), deviceKeys: deviceKeys)
    }

    /// The request event a room event of a verification references, if it references one.
    public static func referencedRequest(_ content: CryptoJSON) -> String? {
        guard let relation = content["m.relates_to"], relation["rel_type"]?.string == "m.reference",
              let id = relation["event_id"]?.string, !id.isEmpty else { return nil }
        return id
    }
}
