import ChatCore
import CommunityClient
import FoundationEssentials
import LocalStore
import Matrix

/// The backends: the embedded community (through the user's private service), a shared
/// community service, and Matrix. Nothing else picks between them.
struct LiveBackendFactory: BackendFactory {
    func makeService(for backend: Backend, files: BackendFiles) throws -> any ChatService {
        switch backend {
        case .embedded(let store):
            // The file is opened by the user's private service, started on first use.
            guard let privateService = files.privateService else { return try LocalCommunity(storeURL: store, sessionFile: files.sessionFile) }
            return ServiceCommunity(socketPath: privateService.socketPath, sessionFile: files.sessionFile, keepsOutbox: files.interactive,
                                    starter: try privateService.starter(for: store))
        case .service(let socket):
            return ServiceCommunity(socketPath: socket.path, sessionFile: files.sessionFile, keepsOutbox: files.interactive)
        case .matrix(let homeserver):
            // A script signs in and ends (`tteok login`); the client syncs what it signed in to.
            return MatrixService(homeserver: homeserver, sessionFile: files.sessionFile, cacheDirectory: files.cacheDirectory,
                                 syncsOnSignIn: files.interactive)
        }
    }
}
