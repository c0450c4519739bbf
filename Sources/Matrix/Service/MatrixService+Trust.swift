import ChatCore
import MatrixCrypto

/// Messages with their sender's trust: decided each time a message is shown, from the device
/// that sent it (kept in the cache) and what verification says of that device now — so a
/// verification made later shows on messages that came before it.
extension MatrixService.Active {
    /// A cached event as a message, with its sending device's trust when it came encrypted.
    func message(_ event: CachedEvent) -> Message {
        DomainMapping.message(event, trust: trust(of: event))
    }

    func trust(of event: CachedEvent) -> SenderTrust? {
        guard let key = event.senderKey, let crypto = encryption?.crypto,
              let trust = try? crypto.trust(ofSender: event.sender, senderKey: key) else { return nil }
        switch trust {
        case .verified: return .verified
        case .unverified: return .unverified
        case .changed: return .changed
        }
    }
}
