import ChatCore
import ViewModels

/// `/names` and `/members`: the open chat's member list in a box, and the whole list fetched
/// from the server where the backend loads members lazily (Matrix).
extension CommandRunner {
    /// The most names `/names` lists; the box's last row counts the rest.
    static let namesListed = 200

    func names() async -> Bool {
        guard let chat = inChat(), let model = chat.model else { return false }
        switch await model.members.firstMembers(model.channelID, limit: Self.namesListed) {
        case .loaded(let list):
            var lines = list.members.map { member in
                let mark = MemberPane.mark(member.presence).glyph
                return mark + " " + member.nickname
            }
            if list.total > list.members.count { lines.append(strings.moreLeftOut(list.total - list.members.count)) }
            if !list.complete { lines.append(strings.shared.membersPartial) }
            let title = model.title + " · " + strings.shared.memberCount(shown: list.members.count, total: list.total)
            modal.listing = Listing(title: title, lines: lines, keepsFirst: true)
            return true
        case .failed(let reason):
            modal.alert = reason
            return false
        case .loading:
            return false
        }
    }

    func fetchMembers() async -> Bool {
        guard let chat = inChat(), let model = chat.model else { return false }
        session.show(notice: strings.shared.loading)
        if let failure = await model.members.fetchAll(model.channelID) {
            modal.alert = failure
            return false
        }
        chat.showsMembers = true
        if let list = model.members.list?.value { session.show(notice: strings.shared.memberCount(shown: list.total, total: list.total)) }
        return true
    }
}
