import ChatCore
import FoundationEssentials

/// Turns what each sync changed in the cache into typed events for listeners.
extension MatrixService {
    /// `cache` is the one the outcome was written to: a loop ended by log-out or a new log-in
    /// may still deliver one answer, which then belongs to nobody.
    func publish(_ outcome: SyncOutcome, from cache: MatrixCache) async {
        guard let active, active.cache === cache else { return }
        for (room, inviter) in outcome.directInvites.sorted(by: { $0.key < $1.key }) {
            // Only from someone the viewer already shares a room with; anyone else's stays a
            // request the viewer answers (InvitesService): no stranger gets in by inviting.
            guard (try? await active.cache.sharesJoinedRoom(with: inviter, besides: room)) == true,
                  (try? await active.cache.ignoredUsers().contains(inviter)) == false else { continue }
            await acceptDirectInvite(room, from: inviter, active)
        }
        // Read only for an answer with new messages: most answers of a busy room bring a receipt.
        let direct = outcome.newEvents.isEmpty ? [] : Set(((try? await active.cache.directRooms()) ?? [:]).values.joined())
        var conversationsChanged = outcome.accountDataTypes.contains("m.direct")
        // History (`SyncOutcome.fillsHistory`) is read from the cache by whoever shows it.
        if outcome.fillsHistory, outcome.newEvents.keys.contains(where: direct.contains) { conversationsChanged = true }
        for (room, ids) in outcome.newEvents.sorted(by: { $0.key < $1.key }) where !outcome.fillsHistory {
            // As read with the answer; read again only when quoted originals were fetched since.
            var read = outcome.newMessages[room]
            let messages = await withQuotedParents(room, active) {
                if let taken = read {
                    read = nil
                    return taken
                }
                return try await active.cache.events(ids: ids)
            }.map(active.message)
            if !messages.isEmpty { hub.publish(.messagesAdded(ChannelID(room), messages)) }
            if direct.contains(room) { conversationsChanged = true }
        }
        for (room, ids) in outcome.changed.sorted(by: { $0.key < $1.key }) {
            let changed = await withQuotedParents(room, active) { try await active.cache.events(ids: ids.sorted()) }
            for event in changed { hub.publish(.messageUpdated(active.message(event))) }
        }
        for event in (try? await active.cache.events(ids: outcome.decryptedInPlace)) ?? [] {
            hub.publish(.messageUpdated(active.message(event)))
        }
        await publishTyping(outcome.typing, active)
        if outcome.roomsChanged { hub.publish(.channelsChanged) }
        if !outcome.countsChanged.isEmpty { hub.publish(.countsChanged(Set(outcome.countsChanged.map(ChannelID.init)))) }
        if conversationsChanged { hub.publish(.conversationsChanged) }
        if outcome.accountDataTypes.contains("m.ignored_user_list") { hub.publish(.blocksChanged) }
        if outcome.accountDataTypes.contains(TteokProfileContent.type) { hub.publish(.viewerChanged(await viewer())) }
    }
}
