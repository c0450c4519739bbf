/// The member list's words.
extension Strings {
    public var noMemberList: String { pick("This chat has no member list.", "이 채팅에는 참여자 목록이 없습니다.") }
    public var openChatForMembers: String { pick("Open a chat to see its members.", "참여자를 보려면 채팅을 여세요.") }
    public var membersTitle: String { pick("Members", "참여자") }
    public var noMembersYet: String { pick("No one has posted yet.", "아직 글을 쓴 사람이 없습니다.") }

    /// "12 members" ("1 member"), or "3 of 10,000 members" when only part is held, the count grouped.
    public func memberCount(shown: Int, total: Int) -> String {
        let all = total.groupedDigits
        if shown >= total { return pick(total == 1 ? "1 member" : "\(all) members", "참여자 \(all)명") }
        return pick("\(shown.groupedDigits) of \(all) members", "참여자 \(all)명 중 \(shown.groupedDigits)명")
    }

    /// Under a lazily loaded Matrix list: how to get the rest.
    public var membersPartial: String { pick("only those seen so far: /members loads all", "지금까지 본 참여자만: /members 로 전부 불러오기") }
}
