import ChatCore
import Foundation
import TestSupport
@testable import Matrix

/// A room nio made end-to-end encrypted, with tteok's member in it.
struct EncryptedRoomWithPeer {
    let tteok: MatrixService
    let user: SynapseUser
    let peer: NioPeer
    /// The room and the ids of the `texts` nio sent when it made it.
    let made: (room: String, eventIDs: [String])
    var room: ChannelID { ChannelID(made.room) }
}

extension MatrixFixture {
    /// nio (with real Megolm) makes an encrypted room, invites a new member (and `alsoInvite`)
    /// and sends `texts`; the member logs in through tteok, past the terms, catches up and opens the room.
    func encryptedRoomWithPeer(_ prefix: String, texts: [String] = [], alsoInvite: [String] = []) async throws -> EncryptedRoomWithPeer {
        let user = try await SynapseUser.register(on: server)
        let peer = NioPeer(user: try await SynapseUser.register(on: server), store: directory.file("nio"))
        let made = try peer.createEncryptedRoom(name: "\(prefix) \(SynapseServer.randomName())", invite: [user.userID] + alsoInvite,
                                                texts: texts)
        let tteok = service("tteok")
        _ = try await tteok.logIn(identifier: user.localpart, password: user.password)
        _ = try await tteok.acceptTerms(version: CommunityTerms.currentVersion)
        await tteok.catchUp()
        _ = try await tteok.latestMessages(in: ChannelID(made.room), limit: 10)
        return EncryptedRoomWithPeer(tteok: tteok, user: user, peer: peer, made: made)
    }
}
