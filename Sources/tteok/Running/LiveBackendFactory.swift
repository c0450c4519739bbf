import ChatCore
import Foundation
import LocalStore

/// The backends this build has. Each backend module is wired here as it lands.
struct LiveBackendFactory: BackendFactory {
    func makeService(for backend: Backend, files: BackendFiles) throws -> any ChatService {
        switch backend {
        case .embedded(let store):
            return try LocalCommunity(storeURL: store, sessionFile: files.sessionFile)
        case .matrix:
            throw ChatError.unsupported("this build has no Matrix backend yet")
        }
    }
}
