import ChatCore

extension CommandContext {
    /// The backend's moderation with the saved session resumed (the service decides by who asks),
    /// or a clear refusal on Matrix, where rooms have power levels and servers their admins.
    func moderation(refusal: String = CommandContext.matrixModeration) async throws -> any ModerationService {
        guard let moderation = service as? any ModerationService else { throw ChatError.unsupported(refusal) }
        _ = await service.restoreSession()
        return moderation
    }

    static let matrixModeration = "on Matrix, rooms are moderated by their power levels and the homeserver's admins; use a Matrix client's room settings"
}
