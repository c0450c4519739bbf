import ChatCore
import Foundation

/// The seam where the executable picks a `ChatService`. Commands only see the protocol.
protocol BackendFactory: Sendable {
    /// Opens the community for `backend`, with its session saved in `sessionFile`.
    func makeService(for backend: Backend, sessionFile: URL) throws -> any ChatService
}
