import ChatCore
import FoundationEssentials

/// `/encrypt`: an `m.room.encryption` state event (Megolm, as Element sends it) turns a room's
/// encryption on for good.
extension MatrixService: RoomEncryptionService {
    public func turnOnEncryption(in channel: ChannelID) async throws {
        let active = try member()
        guard active.encryption != nil else {
            throw ChatError.unsupported("end-to-end encryption is off for this session, so it cannot encrypt a room")
        }
        try await mapped {
            // Sent again, the event would reset the room's key rotation settings: once is enough.
            if try await active.cache.room(channel.raw)?.encrypted == true { return }
            do {
                try await active.client.setState(channel.raw, type: MatrixCache.encryptionType, InitialStateEvent.megolmEncryption.content)
            } catch MatrixError.api(403, "M_FORBIDDEN", _, _) {
                throw ChatError.invalidInput("Only someone allowed to change this room's settings can turn its encryption on.")
            }
            // At once, not at the next sync: nothing typed from now on may leave in plaintext.
            try await active.cache.markEncrypted(channel.raw)
        }
    }
}
