import ChatCore
import FoundationEssentials
import Storage

/// What a moderator changes reaches every subscriber at once, as messages do: the channel list
/// (a channel created, renamed, archived) and each member's standing (muted, banned, asked to
/// agree to new terms), so no client has to restart to see it.
extension SharedLiveFeed {
    /// Every listener re-reads its channel list and open channel.
    func publishChannelsChanged() {
        let deliveries = listeners.withLock { $0.keys.map { Delivery(listener: $0, events: [.channelsChanged]) } }
        if !deliveries.isEmpty { sink(deliveries) }
    }

    /// Each member listener whose account now reads differently is told who it is: muted (its
    /// posting rule refuses), asked for newer terms, or — banned — a guest, whose client then
    /// asks why (`sessionRefusal`) and ends the session saying so.
    func publishViewers(_ connection: Connection) {
        let states = listeners.withLock { $0.map { (listener: $0.key, state: $0.value.state.withLock { $0 }) } }
        var deliveries: [Delivery] = []
        for (listener, state) in states where state.userID != nil {
            let viewer = Self.viewer(of: state, connection)
            guard toldViewers[listener] != viewer else { continue }
            toldViewers[listener] = viewer
            deliveries.append(Delivery(listener: listener, events: [.viewerChanged(viewer)]))
        }
        // Listeners gone since are forgotten.
        let present = Set(states.map(\.listener))
        toldViewers = toldViewers.filter { present.contains($0.key) }
        if !deliveries.isEmpty { sink(deliveries) }
    }

    /// Who a member listener is now. A ban makes the account unreadable for its session: it
    /// reads as a guest.
    static func viewer(of state: SessionState, _ connection: Connection) -> Viewer {
        ((try? LocalCommunity.account(of: state, connection)) ?? nil).map(Viewer.member) ?? .guest
    }
}
