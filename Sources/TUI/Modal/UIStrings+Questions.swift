/// The questions asked before an action, and their choices. Outside text in them (a nickname,
/// a message) is made inert when the question is drawn.
extension UIStrings {
    private func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public var cancel: String { pick("Cancel", "취소") }
    public var askQuit: String { pick("Quit tteok?", "tteok을 종료할까요?") }
    public var quitChoice: String { pick("Quit", "종료") }
    public func askLogOut(_ name: String) -> String { pick("Log out \(name)?", "\(name) 계정에서 로그아웃할까요?") }
    public var logOutChoice: String { pick("Log out", "로그아웃") }
    public func askBlock(_ name: String) -> String { pick("Block \(name)?", "\(name) 님을 차단할까요?") }
    public var blockChoice: String { pick("Block", "차단") }
    public func messageBy(_ name: String, _ excerpt: String) -> String {
        pick("\(name)'s message: “\(excerpt)”", "\(name) 님의 메시지: “\(excerpt)”")
    }
    public func askReport(_ target: String) -> String { pick("Report \(target)?", "\(target) 신고할까요?") }
    public var reportChoice: String { pick("Report", "신고") }
    public func reportPrompt(_ target: String) -> String {
        pick("Report \(target) — type the reason, Enter", "\(target) 신고 — 이유를 입력하고 Enter")
    }
    public func askResend(_ target: String?) -> String {
        pick("Send \(target ?? "your unsent message") again?", "\(target ?? "못 보낸 메시지")를 다시 보낼까요?")
    }
    public var resendChoice: String { pick("Send", "보내기") }
    public func askDiscard(_ target: String?) -> String {
        pick("Discard \(target ?? "your unsent message")?", "\(target ?? "못 보낸 메시지")를 버릴까요?")
    }
    public var discardChoice: String { pick("Discard", "버리기") }
    public func askOpen(_ file: String) -> String { pick("Open \(file) in the image viewer?", "\(file) 이미지를 뷰어로 열까요?") }
    public var openChoice: String { pick("Open", "열기") }
    public func askSave(_ file: String, _ folder: String) -> String { pick("Save \(file) to \(folder)?", "\(file)을(를) \(folder)에 저장할까요?") }
    public var saveChoice: String { pick("Save", "저장") }
    public func askReact(_ target: String) -> String { pick("React to \(target)", "\(target)에 반응") }
    public func askDelete(_ target: String) -> String { pick("Delete \(target)?", "\(target)를 삭제할까요?") }
    public func askEncrypt(_ room: String) -> String {
        pick("Turn on end-to-end encryption in \(room)? It cannot be turned off again.",
             "\(room) 방에 종단간 암호화를 켤까요? 다시 끌 수 없습니다.")
    }
    public var encryptChoice: String { pick("Encrypt", "암호화") }
    public func encryptionOn(_ room: String) -> String {
        pick("End-to-end encryption is on in \(room).", "\(room) 방은 이제 종단간 암호화됩니다.")
    }
    public var deleteChoice: String { pick("Delete", "삭제") }
    public func yourMessage(_ excerpt: String) -> String { pick("your message “\(excerpt)”", "내 메시지 “\(excerpt)”") }
    /// Above the input while it answers a message.
    public func replyingTo(_ name: String, _ excerpt: String) -> String {
        pick("↱ replying to \(name): “\(excerpt)” · Esc cancels", "↱ \(name) 님에게 답장: “\(excerpt)” · Esc 취소")
    }
    /// Above the input while it edits my message.
    public func editingMessage(_ excerpt: String) -> String {
        pick("✎ editing “\(excerpt)” · Enter saves · Esc cancels", "✎ 수정 중: “\(excerpt)” · Enter 저장 · Esc 취소")
    }
    public var selectionModeName: String { pick("selecting", "메시지 선택") }
}
