import ChatCore
import FoundationEssentials
import MatrixCrypto

/// The SAS verifications of one signed-in device: starts them, takes in the `m.key.verification.*`
/// messages the sync brings — to-device, and as events of a direct conversation (in-room, see
/// `VerificationCenter+Room`) — routed by transaction id, sends each machine's answers the way
/// its verification travels, bounds each verification in time, and records a verified device.
/// A to-device message for a transaction nobody here started is answered `m.unknown_transaction`.
actor VerificationCenter {
    /// Sends an event of `type` into `room` (encrypted when the room is); its event id.
    typealias RoomSend = @Sendable (_ room: String, _ type: String, _ content: CryptoJSON) async throws -> String

    let crypto: EndToEndCrypto
    let client: MatrixClient
    /// `/keys/query` for users whose devices we need (the other side's signing key).
    let refreshDevices: @Sendable (Set<String>) async -> Void
    let sendInRoom: RoomSend
    var flows: [String: Flow] = [:]
    /// In-room requests being sent (their event id not known yet), and the room events that
    /// came meanwhile for a request nobody here knows: replayed once the request is registered.
    var sendingRequests = 0
    var early: [RoomVerificationEvent] = []
    /// Incoming verifications nobody has taken yet, and those waiting to take one.
    var unclaimed: [String] = []
    private var claimers: [(id: UUID, continuation: CheckedContinuation<String?, Never>)] = []
    /// Verifications whose signature upload failed, and why.
    var unpublished: [String: String] = [:]
    /// Finished verifications, oldest first, kept for their last phase (`VerificationCenter+Bounds`).
    var finished: [String] = []

    final class Flow {
        let machine: SasVerification
        /// The devices a request went to (more than one when no device was named).
        var recipients: [String]
        let phases: AsyncStream<SasPhase>
        let continuation: AsyncStream<SasPhase>.Continuation
        var timeout: Task<Void, Never>?

        init(machine: SasVerification, recipients: [String]) {
            self.machine = machine
            self.recipients = recipients
            (phases, continuation) = AsyncStream.makeStream(of: SasPhase.self, bufferingPolicy: .unbounded)
            continuation.yield(machine.phase)
        }
    }

    init(crypto: EndToEndCrypto, client: MatrixClient, refreshDevices: @escaping @Sendable (Set<String>) async -> Void,
         sendInRoom: @escaping RoomSend) {
        self.crypto = crypto
        self.client = client
        self.refreshDevices = refreshDevices
        self.sendInRoom = sendInRoom
    }

    // MARK: Starting

    /// Sends a request to `device` of `user` (or to each of the user's devices) and returns its transaction id.
    func start(user: String, device: String?, timeout: Duration) async throws -> (String, AsyncStream<SasPhase>) {
        await refreshDevices([user])
        let own = crypto.identity
        let known = try crypto.devices(of: user).map(\.deviceID).filter { !(user == own.userID && $0 == own.deviceID) }
        let recipients = device.map { [$0] } ?? known
        guard !recipients.isEmpty, recipients.allSatisfy(known.contains) else {
            throw ChatError.invalidInput(device.map { "\(user) has no device \($0) with published keys." } ?? "\(user) has no other device with published keys.")
        }
        let (machine, request) = try SasVerification.request(own: own, user: user, device: device, deviceKeys: lookup)
        machine.ownMasterKey = try? crypto.crossSigningPublicKey(.master)
        let flow = Flow(machine: machine, recipients: recipients)
        flows[machine.transactionID] = flow
        try await client.sendToDevice(request.message.rawValue, [user: Dictionary(uniqueKeysWithValues: recipients.map { ($0, request.content) })],
                                      transactionID: TransactionID.make())
        arm(flow, timeout: timeout)
        return (machine.transactionID, flow.phases)
    }

    /// Waits up to `timeout` for an incoming verification and takes it, unanswered: who asks,
    /// from which device. It is cancelled (`m.timeout`) unless answered within `timeout`.
    /// A waiter whose task is cancelled (the person logged out, the client closed) stops waiting
    /// at once and takes nothing: a request arriving then waits for the next one instead of
    /// being taken by nobody and timing out.
    func nextUnclaimed(timeout: Duration) async -> (id: String, user: String, device: String)? {
        let id: String?
        if !unclaimed.isEmpty {
            id = unclaimed.removeFirst()
        } else {
            let waiter = UUID()
            let expiry = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireClaim(waiter)
            }
            id = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled { continuation.resume(returning: nil) } else { claimers.append((waiter, continuation)) }
                }
            } onCancel: {
                Task { await self.expireClaim(waiter) }
            }
            expiry.cancel()
        }
        if Task.isCancelled, let id {
            unclaimed.insert(id, at: 0)
            return nil
        }
        guard let id, let flow = flows[id] else { return nil }
        arm(flow, timeout: timeout)
        return (id, flow.machine.otherUser, flow.recipients.first ?? "")
    }

    /// Accepts a taken incoming verification; its phases from then on.
    func accept(_ id: String, timeout: Duration) async -> AsyncStream<SasPhase> {
        guard let flow = flows[id] else { return AsyncStream { $0.finish() } }
        arm(flow, timeout: timeout)
        await act(flow) { $0.accept() }
        return flow.phases
    }

    /// How many wait to take an incoming verification (tests wait for a listener to be there).
    var waitingClaimers: Int { claimers.count }

    /// How verification `id` stands (tests wait for it to end before the person answers).
    func phase(of id: String) -> SasPhase? { flows[id]?.machine.phase }

    private func expireClaim(_ waiter: UUID) {
        guard let index = claimers.firstIndex(where: { $0.id == waiter }) else { return }
        claimers.remove(at: index).continuation.resume(returning: nil)
    }

    // MARK: The person's steps

    func answer(_ id: String, match: Bool) async {
        guard let flow = flows[id] else { return }
        await act(flow) { match ? $0.confirm() : $0.mismatch() }
    }

    func cancel(_ id: String, _ reason: VerificationCancel) async {
        guard let flow = flows[id] else { return }
        await act(flow) { $0.cancel(reason) }
    }

    // MARK: Messages from the other side

    /// One to-device verification message from the sync.
    func receive(_ event: ToDeviceEvent) async {
        guard let message = VerificationMessage(rawValue: event.type) else { return }
        let id = event.content["transaction_id"]?.string ?? ""
        // Another user naming our transaction is a stranger to it: it can neither steer nor end ours.
        // Nor can a to-device message steer an in-room verification: there, that id is unknown.
        if let flow = flows[id], flow.machine.otherUser == event.sender, flow.machine.transport == .toDevice {
            await act(flow) { $0.receive(message, content: event.content, sender: event.sender) }
            return
        }
        if flows[id] == nil, message == .request || message == .start {
            // Past its sender's share of the waiting list it is dropped unread: not even their keys are asked for.
            guard admitsWaiting(from: event.sender) else { return }
            await begin(message, event)
        } else if message != .cancel, message != .done {
            // Someone speaks of a transaction we never had: say so, change nothing here.
            let reply: CryptoJSON = .object(["transaction_id": .string(id), "code": .string("m.unknown_transaction"),
                                             "reason": .string("tteok knows no verification with this transaction id")])
            try? await client.sendToDevice(VerificationMessage.cancel.rawValue, [event.sender: ["*": reply]], transactionID: TransactionID.make())
        }
    }

    /// An incoming request or start: its device's keys are fetched, then it waits to be taken.
    private func begin(_ message: VerificationMessage, _ event: ToDeviceEvent) async {
        guard let device = event.content["from_device"]?.string else { return }
        await knowDevice(device, of: event.sender)
        guard let machine = try? SasVerification.incoming(message, content: event.content, sender: event.sender, own: crypto.identity,
                                                          deviceKeys: lookup) else { return }
        offer(machine, from: device)
    }

    /// Fetches `user`'s devices unless `device` is known already.
    func knowDevice(_ device: String, of user: String) async {
        if ((try? crypto.devices(of: user).contains { $0.deviceID == device }) ?? false) == false {
            await refreshDevices([user])
        }
    }

    /// An incoming verification from `device`, registered and waiting to be taken.
    func offer(_ machine: SasVerification, from device: String) {
        guard admitsWaiting(from: machine.otherUser) else { return }
        machine.ownMasterKey = try? crypto.crossSigningPublicKey(.master)
        let flow = Flow(machine: machine, recipients: [device])
        flows[machine.transactionID] = flow
        // Nobody may take it after the specification's ten minutes; taken, the taker's own bound applies.
        arm(flow, timeout: Self.waitingTimeout)
        if claimers.isEmpty {
            unclaimed.append(machine.transactionID)
        } else {
            claimers.removeFirst().continuation.resume(returning: machine.transactionID)
        }
    }

    // MARK: Plumbing

    nonisolated var lookup: (String, String) -> DeviceKeys? {
        { [crypto] user, device in (try? crypto.devices(of: user))?.first { $0.deviceID == device } }
    }

    /// Runs one step of the machine, sends what it says, publishes the new phase.
    func act(_ flow: Flow, _ step: (SasVerification) -> [VerificationOutgoing]) async {
        let before = flow.machine.otherDevice
        let messages = step(flow.machine)
        if case .room(let room) = flow.machine.transport {
            for message in messages {
                // Lost with the connection: the other side times out, as it would for a lost to-device message.
                _ = try? await sendInRoom(room, message.message.rawValue, message.content)
            }
            await publish(flow)
            return
        }
        if before == nil, let chosen = flow.machine.otherDevice, flow.recipients.count > 1 {
            // The first device to answer is the one; the others stop asking.
            let others = flow.recipients.filter { $0 != chosen }
            flow.recipients = [chosen]
            let cancel: CryptoJSON = .object(["transaction_id": .string(flow.machine.transactionID), "code": .string("m.accepted"),
                                              "reason": .string("another device answered")])
            try? await client.sendToDevice(VerificationMessage.cancel.rawValue,
                                           [flow.machine.otherUser: Dictionary(uniqueKeysWithValues: others.map { ($0, cancel) })],
                                           transactionID: TransactionID.make())
        }
        for message in messages {
            let recipients = flow.machine.otherDevice.map { [$0] } ?? flow.recipients
            try? await client.sendToDevice(message.message.rawValue,
                                           [flow.machine.otherUser: Dictionary(uniqueKeysWithValues: recipients.map { ($0, message.content) })],
                                           transactionID: TransactionID.make())
        }
        await publish(flow)
    }

    func publish(_ flow: Flow) async {
        let phase = flow.machine.phase
        // Recorded (and the identity signed) before the person is told it is verified.
        if case .verified(let device) = phase,
           let failure = await recordVerified(device, crossSigningKeys: flow.machine.verifiedCrossSigningKeys) {
            unpublished[flow.machine.transactionID] = failure
        }
        flow.continuation.yield(phase)
        guard phase.isFinished else { return }
        flow.timeout?.cancel()
        flow.continuation.finish()
        retire(flow)
    }

    /// Cancels `flow` with `m.timeout` unless it finished within `timeout`.
    func arm(_ flow: Flow, timeout: Duration) {
        flow.timeout?.cancel()
        let id = flow.machine.transactionID
        flow.timeout = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            await self?.cancel(id, VerificationCancel(code: "m.timeout", reason: "the other device did not answer in time", byPeer: false))
        }
    }
}

extension VerificationCenter {
    /// A device verified by emoji: recorded, and its user's master key — when the verification's
    /// MAC covered it, or that device signed it — trusted and signed with the user-signing key;
    /// another device of this account is signed with the self-signing key instead. A refused
    /// signature upload leaves the local trust in place (the next verification signs again) and
    /// is returned, in words, for the person to be told.
    private func recordVerified(_ device: DeviceKeys, crossSigningKeys: Set<String>) async -> String? {
        try? crypto.markVerified(device)
        do {
            let signatures = device.userID == crypto.identity.userID
                ? try await selfSignature(of: device)
                : try? crypto.trustIdentity(verifiedDevice: device, macVerifiedKeys: crossSigningKeys)
            guard let signatures else { return nil }
            try await client.uploadSignatures(signatures)
            return nil
        } catch let error as MatrixError {
            return error.chatError.message
        } catch {
            return String(describing: error)
        }
    }

    /// Why the signature of verification `id` was not uploaded, if it was not.
    func unpublishedReason(_ id: String) -> String? { unpublished[id] }

    /// The self-signing key's signature on another own `device`, over the keys the server
    /// publishes for it (the signature must cover them exactly); nil when this account has no
    /// self-signing key here (nothing to sign with).
    private func selfSignature(of device: DeviceKeys) async throws -> CryptoJSON? {
        let answer = try await client.queryKeys([device.userID])
        guard let published = answer.device_keys?[device.userID]?[device.deviceID] else { return nil }
        return try? crypto.signOwnDevice(published, verified: device)
    }
}
