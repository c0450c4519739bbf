import ChatCore
import FoundationEssentials
import MatrixCrypto

/// One event of in-room verification from a room's timeline (decrypted when it came encrypted).
struct RoomVerificationEvent: Sendable {
    let room: String
    let eventID: String
    let type: String
    let sender: String
    let timestamp: Int64
    let content: CryptoJSON

    /// The event as in-room verification reads it; nil for anything else of the timeline.
    init?(_ event: RoomEvent, in room: String) {
        // The type first: every timeline event's content was converted before it was looked at
        // (a cold start's window of rooms whose state events are in their timelines: 60% of
        // what taking in its encryption cost).
        let isMessage = event.type == "m.room.message"
        guard isMessage || VerificationMessage.isVerification(event.type), event.state_key == nil, let id = event.event_id else { return nil }
        let content = CryptoJSON(event.content.json ?? event.content.timeline?.verificationRequest ?? .null)
        guard !isMessage || content["msgtype"]?.string == VerificationMessage.request.rawValue else { return nil }
        self.init(room: room, eventID: id, type: event.type, sender: event.sender, timestamp: event.origin_server_ts ?? 0, content: content)
    }

    init(room: String, eventID: String, type: String, sender: String, timestamp: Int64, content: CryptoJSON) {
        (self.room, self.eventID, self.type, self.sender, self.timestamp, self.content) = (room, eventID, type, sender, timestamp, content)
    }
}

/// In-room verification: a request sent into a direct conversation (its event id is the
/// transaction id), every later step an event referencing it, encrypted when the room is. The
/// same machines and timeouts as to-device; only how messages come and go differs.
///
/// Who may speak: only the other party steers a verification. A third member of the room who
/// references it is told `m.user_mismatch` to-device, and the verification goes on — a cancel
/// sent into the room would end it for both parties, handing any member a way to stop others'
/// verifications. An event referencing a request tteok does not know is left alone (two other
/// people may be verifying in the same room).
extension VerificationCenter {
    /// The specification's window for a request's server time: no older than ten minutes, no
    /// more than five in the future. Older requests (history, a catch-up after days) are not offered.
    static let requestMaxAge: Int64 = 10 * 60 * 1000
    static let requestMaxSkew: Int64 = 5 * 60 * 1000
    /// Room events kept while a request of ours is being sent (its answer may race its event id).
    static let earlyLimit = 32

    /// Asks `user` to verify in `room` (a conversation with them); returns the transaction id
    /// (the request's event id) and the phases.
    func start(user: String, inRoom room: String, timeout: Duration) async throws -> (String, AsyncStream<SasPhase>) {
        let own = crypto.identity
        guard user != own.userID else {
            throw ChatError.invalidInput("Your own devices are verified directly (to-device): leave out the room.")
        }
        guard try await client.readingMembers(room).contains(user) else { throw ChatError.invalidInput("\(user) is not in this room.") }
        await refreshDevices([user])
        guard !((try? crypto.devices(of: user)) ?? []).isEmpty else { throw ChatError.invalidInput("\(user) has no device with published keys.") }
        sendingRequests += 1
        let sent: Result<String, any Error>
        do { sent = .success(try await sendInRoom(room, "m.room.message", SasVerification.roomRequestContent(own: own, user: user))) } catch {
            sent = .failure(error)
        }
        sendingRequests -= 1
        let id = try sent.get()
        let machine = try SasVerification.requested(inRoom: room, requestID: id, own: own, user: user, deviceKeys: lookup)
        machine.ownMasterKey = try? crypto.crossSigningPublicKey(.master)
        let flow = Flow(machine: machine, recipients: [])
        flows[id] = flow
        arm(flow, timeout: timeout)
        let replay = early.filter { SasVerification.referencedRequest($0.content) == id }
        early.removeAll { sendingRequests == 0 || SasVerification.referencedRequest($0.content) == id }
        for event in replay { await receive(event) }
        return (id, flow.phases)
    }

    /// One verification event of a room's timeline, from the sync.
    func receive(_ event: RoomVerificationEvent) async {
        if event.type == "m.room.message" { return await offer(event) }
        guard let message = VerificationMessage(rawValue: event.type), message != .request,
              let id = SasVerification.referencedRequest(event.content) else { return }
        guard let flow = flows[id], flow.machine.transport == .room(event.room) else {
            if sendingRequests > 0, early.count < Self.earlyLimit { early.append(event) }
            return
        }
        if event.sender == crypto.identity.userID { return await ownEcho(message, event, flow) }
        guard event.sender == flow.machine.otherUser else { return await refuseStranger(message, event, id) }
        // Another of their devices answering after the first: it sees that answer in the room too.
        if message == .ready, let chosen = flow.machine.otherDevice, flow.machine.phase != .requested,
           event.content["from_device"]?.string != chosen { return }
        await act(flow) { $0.receive(message, content: event.content, sender: event.sender) }
    }

    /// A request to this user, recent enough, waits to be taken as any incoming verification.
    private func offer(_ event: RoomVerificationEvent) async {
        let age = Int64(Date().timeIntervalSince1970 * 1000) - event.timestamp
        guard flows[event.eventID] == nil, age <= Self.requestMaxAge, age >= -Self.requestMaxSkew,
              event.content["to"]?.string == crypto.identity.userID, let device = event.content["from_device"]?.string,
              admitsWaiting(from: event.sender) else { return }
        await knowDevice(device, of: event.sender)
        guard let machine = try? SasVerification.incoming(roomRequest: event.content, requestID: event.eventID, room: event.room,
                                                          sender: event.sender, own: crypto.identity, deviceKeys: lookup) else { return }
        offer(machine, from: device)
    }

    /// Our own events come back with the sync. One from another device of ours answering a
    /// request to us means that device took it: it ends here, with nothing sent.
    private func ownEcho(_ message: VerificationMessage, _ event: RoomVerificationEvent, _ flow: Flow) async {
        guard flow.machine.phase == .incoming, [.ready, .start, .cancel].contains(message),
              event.content["from_device"]?.string != crypto.identity.deviceID else { return }
        _ = flow.machine.cancel(VerificationCancel(code: "m.accepted", reason: "another device of yours answered", byPeer: false))
        await publish(flow)
    }

    /// A third member referencing the verification: told it is no party to it, to-device only.
    private func refuseStranger(_ message: VerificationMessage, _ event: RoomVerificationEvent, _ id: String) async {
        guard message != .cancel, message != .done else { return }
        let reply: CryptoJSON = .object([
            "transaction_id": .string(id), "code": .string("m.user_mismatch"),
            "reason": .string("\(event.sender) is not a party to this verification; its \(message.rawValue) was ignored"),
        ])
        try? await client.sendToDevice(VerificationMessage.cancel.rawValue, [event.sender: ["*": reply]], transactionID: TransactionID.make())
    }
}
