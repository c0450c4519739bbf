import ChatCore
import FoundationEssentials
import MatrixCrypto

/// SAS emoji verification of other devices, through the session's `VerificationCenter`.
extension MatrixService: VerificationService {
    public func verify(user: String, device: String?, timeout: Duration) async throws -> any DeviceVerification {
        let center = try verifications()
        let (id, phases) = try await mapped { try await center.start(user: user, device: device, timeout: timeout) }
        return MatrixDeviceVerification(center: center, id: id, user: user, phases: phases)
    }

    public func verify(user: String, in channel: ChannelID, timeout: Duration) async throws -> any DeviceVerification {
        let center = try verifications()
        let (id, phases) = try await mapped { try await center.start(user: user, inRoom: channel.raw, timeout: timeout) }
        return MatrixDeviceVerification(center: center, id: id, user: user, phases: phases)
    }

    public func nextVerification(timeout: Duration) async throws -> any DeviceVerification {
        guard let request = try await nextRequest(timeout: timeout) else {
            throw ChatError.offline("no other device asked to verify within \(timeout.components.seconds) s")
        }
        return await request.accept(timeout: timeout)
    }

    public func nextRequest(timeout: Duration) async throws -> (any VerificationRequest)? {
        let center = try verifications()
        guard let (id, user, device) = await center.nextUnclaimed(timeout: timeout) else { return nil }
        return MatrixVerificationRequest(center: center, id: id, user: user, device: device)
    }

    private func verifications() throws -> VerificationCenter {
        guard let encryption = try member().encryption else {
            throw ChatError.unsupported("end-to-end encryption is off for this session, so it cannot verify devices")
        }
        return encryption.verifications
    }
}

/// An incoming verification taken from the center, waiting for the person's answer.
struct MatrixVerificationRequest: VerificationRequest {
    let center: VerificationCenter
    let id: String
    let user: String
    let device: String

    func accept(timeout: Duration) async -> any DeviceVerification {
        MatrixDeviceVerification(center: center, id: id, user: user, phases: await center.accept(id, timeout: timeout))
    }

    func decline() async {
        await center.cancel(id, VerificationCancel(code: "m.user", reason: "declined by the person", byPeer: false))
    }
}

/// One verification as the front ends see it: the machine's phases as steps.
struct MatrixDeviceVerification: DeviceVerification {
    let center: VerificationCenter
    let id: String
    let user: String
    let phases: AsyncStream<SasPhase>

    /// The steps; call once (the phases are one stream).
    func steps() -> AsyncStream<VerificationStep> {
        let (phases, center, id) = (phases, center, id)
        return AsyncStream { continuation in
            let task = Task {
                for await phase in phases {
                    continuation.yield(Self.step(phase))
                    // Recorded before `.verified` was published: no wait.
                    if case .verified = phase, let reason = await center.unpublishedReason(id) { continuation.yield(.unpublished(reason)) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func answer(match: Bool) async { await center.answer(id, match: match) }

    func cancel() async {
        await center.cancel(id, VerificationCancel(code: "m.user", reason: "cancelled by the person", byPeer: false))
    }

    static func step(_ phase: SasPhase) -> VerificationStep {
        switch phase {
        case .requested: return .waiting("waiting for the other device to accept")
        case .incoming, .ready: return .waiting("waiting for the other device to start")
        case .started, .accepted: return .waiting("exchanging keys")
        case .comparing(let emoji, let decimals):
            return .compare(emoji.map { VerificationEmoji(symbol: $0.symbol, name: $0.name, koreanName: $0.koreanName) }, decimals: decimals)
        case .confirmed: return .waiting("waiting for the other device to confirm")
        case .verified(let device): return .verified(user: device.userID, device: device.deviceID)
        case .cancelled(let cancel): return .cancelled(reason: cancel.reason, code: cancel.code, byPeer: cancel.byPeer)
        }
    }
}
