import ChatCore

/// The words of membership and room change lines, one change or a collapsed run of them.
extension UIStrings {
    private func choose(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    /// `Mina joined`, `Mina removed Bob (spam)`, `Mina renamed the room to Lobby`: one line of the
    /// timeline. Every name and word passed in is already made inert by the caller.
    public func roomChange(_ change: RoomChange, actor: String, target: String, words: String) -> String {
        let said = words.isEmpty ? "" : " (\(words))"
        switch change {
        case .membership(let member):
            switch member.action {
            case .joined: return choose("\(actor) joined", "\(actor) 님이 들어왔습니다")
            case .left: return choose("\(actor) left", "\(actor) 님이 나갔습니다")
            case .invited: return choose("\(actor) invited \(target)", "\(actor) 님이 \(target) 님을 초대했습니다")
            case .kicked: return choose("\(actor) removed \(target)", "\(actor) 님이 \(target) 님을 내보냈습니다") + said
            case .banned: return choose("\(actor) banned \(target)", "\(actor) 님이 \(target) 님을 추방했습니다") + said
            case .unbanned: return choose("\(actor) unbanned \(target)", "\(actor) 님이 \(target) 님의 추방을 풀었습니다")
            }
        case .renamed: return words.isEmpty ? choose("\(actor) removed the room's name", "\(actor) 님이 방 이름을 지웠습니다")
            : choose("\(actor) renamed the room to \(words)", "\(actor) 님이 방 이름을 \(words)(으)로 바꿨습니다")
        case .topic: return words.isEmpty ? choose("\(actor) removed the topic", "\(actor) 님이 주제를 지웠습니다")
            : choose("\(actor) set the topic: \(words)", "\(actor) 님이 주제를 바꿨습니다: \(words)")
        }
    }

    /// A run of membership changes in one line: `5 people joined, 2 left: Mina, Joon, Bob and 4
    /// others`. `counts` in the order the actions first came; `names` already made inert.
    public func roomChanges(_ counts: [(action: MembershipChange.Action, count: Int)], names: [String], others: Int) -> String {
        let actions = counts.enumerated().map { index, entry in
            index == 0 && language == .english ? people(entry.count) + " " + verb(entry.action) : counted(entry.count, entry.action)
        }
        let listed = names.joined(separator: ", ")
        let who = others == 0 ? listed : choose("\(listed) and \(others) other\(others == 1 ? "" : "s")", "\(listed) 외 \(others)명")
        return actions.joined(separator: ", ") + ": " + who
    }

    private func people(_ count: Int) -> String { count == 1 ? "1 person" : "\(count) people" }

    private func counted(_ count: Int, _ action: MembershipChange.Action) -> String {
        choose("\(count) \(verb(action))", "\(count)명 \(verb(action))")
    }

    private func verb(_ action: MembershipChange.Action) -> String {
        switch action {
        case .joined: return choose("joined", "들어옴")
        case .left: return choose("left", "나감")
        case .invited: return choose("invited", "초대됨")
        case .kicked: return choose("removed", "내보내짐")
        case .banned: return choose("banned", "추방됨")
        case .unbanned: return choose("unbanned", "추방 풀림")
        }
    }
}
