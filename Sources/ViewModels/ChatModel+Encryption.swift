import ChatCore

/// `/encrypt` on the chat open: end-to-end encryption turned on where the backend has it.
extension ChatModel {
    /// Turns encryption on in this chat (the front end asks first: it cannot be undone). A
    /// failure — another backend, a room the person may not change — is an alert.
    @discardableResult
    public func turnOnEncryption() async -> Bool {
        guard let encryption = service as? any RoomEncryptionService else { return refuse(strings.encryptionUnavailable) }
        guard let channelID else { return refuse(strings.sayHelloFirst) }
        do {
            try await encryption.turnOnEncryption(in: channelID)
            return true
        } catch {
            return refuse(strings.error(error))
        }
    }
}
