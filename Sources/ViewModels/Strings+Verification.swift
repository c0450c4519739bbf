/// What an emoji verification (`/verify`) says, in both languages.
extension Strings {
    public func verificationAsking(_ user: String) -> String {
        pick("Asking \(user) to verify…", "\(user) 님에게 확인을 요청하는 중…")
    }
    public var verificationCancelledHere: String { pick("Verification cancelled.", "확인을 취소했습니다.") }
    public func verificationCancelledByPeer(_ reason: String) -> String {
        pick("The other device cancelled: \(reason)", "상대 기기가 취소했습니다: \(reason)")
    }
    public func verificationCancelled(_ reason: String) -> String { pick("Verification cancelled: \(reason)", "확인 취소: \(reason)") }
    public var verificationUnavailable: String {
        pick("Only Matrix accounts with end-to-end encryption can verify devices.", "기기 확인은 종단간 암호화를 쓰는 Matrix 계정에서만 할 수 있습니다.")
    }
    public func verificationUnpublished(_ reason: String) -> String {
        pick("Verified on this device, but the signature that shows it to your other devices and contacts could not be uploaded: \(reason)",
             "이 기기에서는 확인했지만, 다른 기기와 상대에게 알리는 서명을 올리지 못했습니다: \(reason)")
    }
}
