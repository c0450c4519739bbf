import ChatCore

/// Unlocking the account's secret storage on this device with the recovery key or passphrase,
/// asked once when the session starts and the account keeps keys there that this device lacks
/// (a new login): until then it reads no earlier encrypted history. The text typed goes to the
/// backend and nowhere else; a wrong one is said in words and may be typed again.
@MainActor
public final class RecoveryModel {
    public enum State: Hashable, Sendable {
        /// Waiting for the key; `error` says why the last one was refused.
        case asking(error: String?)
        case unlocking
        /// Done: what came back (room keys, cross-signing), in words.
        case recovered([String])
    }

    /// nil while there is nothing to ask (or the person closed the prompt).
    public private(set) var state: State?
    /// Set when the prompt is to be put up; taken once by the front end.
    private var promptWaiting = false
    private let service: (any RoomKeysService)?
    private let strings: Strings
    private let changes: ChangeSignal
    private var checking: Task<Void, Never>?

    init(context: ModelContext) {
        service = context.service as? any RoomKeysService
        strings = context.strings
        changes = context.changes
    }

    /// Asks the backend, without holding up the start, whether this device lacks what secret
    /// storage holds. A backend without keys, or one that cannot tell (offline, encryption off),
    /// asks nothing.
    func start() {
        guard let service, checking == nil else { return }
        checking = Task { [weak self] in
            guard (try? await service.secretStorageIsLocked()) == true, !Task.isCancelled, let self, state == nil else { return }
            state = .asking(error: nil)
            promptWaiting = true
            changes.publish()
        }
    }

    /// The session ends: nothing more is asked.
    func stop() {
        checking?.cancel()
        state = nil
        promptWaiting = false
    }

    /// True once, when the prompt is to go up.
    public func takePrompt() -> Bool {
        defer { promptWaiting = false }
        return promptWaiting && state != nil
    }

    /// Unlocks with what the person typed (recovery key or passphrase).
    public func unlock(_ typed: String) async {
        guard let service, case .asking = state else { return }
        guard !typed.isEmpty else { return }
        state = .unlocking
        changes.publish()
        do {
            let recovered = try await service.restoreKeyBackup(recoveryKey: typed)
            state = .recovered(strings.recovered(recovered))
        } catch {
            state = .asking(error: strings.error(error))
        }
        changes.publish()
    }

    /// The person closed the prompt (Esc, or Enter after it was done).
    public func close() {
        state = nil
        changes.publish()
    }
}

extension Strings {
    public var recoveryTitle: String { pick("Unlock your keys", "키 잠금 해제") }
    public var recoveryAsk: String {
        pick("Your encryption keys are kept in secret storage, and this device does not have them yet. Type your recovery key or passphrase to read your encrypted history here.",
             "암호화 키가 비밀 저장소에 있지만 이 기기에는 아직 없습니다. 이 기기에서 암호화된 지난 대화를 읽으려면 복구 키나 암호문을 입력하세요.")
    }
    public var recoveryKeyLabel: String { pick("Recovery key or passphrase", "복구 키 또는 암호문") }
    public var recoveryHint: String { pick("Enter unlocks · Esc later (tteok keys restore)", "Enter 잠금 해제 · Esc 나중에 (tteok keys restore)") }
    public var recoveryUnlocking: String { pick("Unlocking…", "잠금 해제 중…") }
    public var recoveryCloseHint: String { pick("Enter or Esc closes", "Enter 또는 Esc로 닫기") }

    /// What a recovery gave, line by line.
    func recovered(_ summary: KeyRecoverySummary) -> [String] {
        var lines: [String] = []
        if summary.crossSigned {
            lines.append(pick("This device is now signed with your cross-signing keys.", "이 기기를 교차 서명 키로 서명했습니다."))
        }
        if let keys = summary.roomKeys {
            lines.append(pick("Restored \(keys.imported) room keys from the backup; \(keys.decrypted) messages decrypted.",
                              "백업에서 방 키 \(keys.imported)개를 복원했고 메시지 \(keys.decrypted)개를 복호화했습니다."))
        }
        lines += summary.notes.map { pick("Not recovered: \($0)", "복구하지 못함: \($0)") }
        return lines.isEmpty ? [pick("Secret storage unlocked.", "비밀 저장소를 열었습니다.")] : lines
    }
}
