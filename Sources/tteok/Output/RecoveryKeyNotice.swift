/// The recovery key of a secret storage just made, shown once (tteok never stores it), with
/// what it is for.
enum RecoveryKeyNotice {
    static func print(_ recoveryKey: String, to console: Console) {
        console.line("Your recovery key (shown only now; write it down, tteok does not keep it):")
        console.line("    \(recoveryKey)")
        console.line("On a new device: tteok keys restore, then the recovery key on standard input; it unlocks your secret storage (key backup, cross-signing keys).")
    }
}
