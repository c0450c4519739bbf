/// The verification screen's words. The user id and device id in them are outside text, made
/// inert when drawn.
extension UIStrings {
    private func pick(_ english: String, _ korean: String) -> String {
        language == .korean ? korean : english
    }

    public var verifyTitle: String { pick("Verify", "기기 확인") }
    public func compareEmoji(_ user: String) -> String {
        pick("Do these emoji match the ones \(user)'s device shows, in the same order?",
             "\(user) 님의 기기에 같은 이모지가 같은 순서로 보이나요?")
    }
    public var emojiDiffer: String { pick("They differ", "다름") }
    public var emojiMatch: String { pick("They match", "같음") }
    public var waitingForTheirConfirmation: String {
        pick("Waiting for the other device to confirm…", "상대 기기의 확인을 기다리는 중…")
    }
    public func verifiedDevice(_ user: String, _ device: String) -> String {
        pick("Verified: \(user)'s device \(device).", "확인됨: \(user) 님의 기기 \(device).")
    }
    public var closeChoice: String { pick("Close", "닫기") }
}
