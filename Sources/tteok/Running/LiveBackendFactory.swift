import ChatCore
import Foundation

/// The backends this build has. Each backend module is wired here as it lands.
struct LiveBackendFactory: BackendFactory {
    func makeService(for backend: Backend, sessionFile: URL) throws -> any ChatService {
        switch backend {
        case .embedded:
            throw ChatError.unsupported("this build has no embedded community backend yet")
        case .matrix:
            throw ChatError.unsupported("this build has no Matrix backend yet")
        }
    }
}
