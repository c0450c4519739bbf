import Foundation
import Storage
@testable import LocalStore

extension CommunityFixture {
    /// Adds open channels straight to the community file. The community has no "create channel"
    /// operation (channels are seeded), so this writes the row the seed would write, through the
    /// store's own transaction.
    func addOpenChannels(_ names: [String]) async throws {
        try await service.write { connection in
            for name in names {
                _ = try connection.run(
                    "INSERT INTO channels(name, kind, topic, created_at) VALUES (?, 'open', '', ?)",
                    [.text(name), .real(Date().timeIntervalSince1970)])
            }
        }
    }
}
