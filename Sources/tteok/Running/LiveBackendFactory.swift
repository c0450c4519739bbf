import ChatCore
import CommunityClient
import Foundation
import LocalStore
import Matrix

/// The two backends: the embedded community and Matrix. Nothing else picks between them.
struct LiveBackendFactory: BackendFactory {
    func makeService(for backend: Backend, files: BackendFiles) throws -> any ChatService {
        switch backend {
        case .embedded(let store):
            return try LocalCommunity(storeURL: store, sessionFile: files.sessionFile)
        case .service(let socket):
            return ServiceCommunity(socketPath: socket.path, sessionFile: files.sessionFile, keepsOutbox: files.interactive)
        case .matrix(let homeserver):
            return MatrixService(homeserver: homeserver, sessionFile: files.sessionFile, cacheDirectory: files.cacheDirectory)
        }
    }
}
