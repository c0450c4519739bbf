import ChatCore

/// Other devices asking this one to verify by emoji, for as long as the community is the
/// session's. Nothing is answered here: each request waits for the person, who accepts (the
/// verification screen opens) or declines (the other device is told). A backend without
/// verification, or a session that cannot verify (encryption off), never has any.
@MainActor
public final class IncomingVerifications {
    /// The requests not yet put to the person, oldest first.
    public private(set) var waiting: [any VerificationRequest] = []
    /// How long a request may wait for an answer, and the verification after it.
    let timeout: Duration
    private let service: (any VerificationService)?
    private let strings: Strings
    private let changes: ChangeSignal
    private var listening: Task<Void, Never>?

    init(context: ModelContext, timeout: Duration = .seconds(120)) {
        service = context.service as? any VerificationService
        strings = context.strings
        changes = context.changes
        self.timeout = timeout
    }

    /// Waits for requests one after another until closed; stops for good when the backend says
    /// this session cannot verify.
    func start() {
        guard let service, listening == nil else { return }
        listening = Task { [weak self, timeout] in
            while !Task.isCancelled {
                do {
                    guard let request = try await service.nextRequest(timeout: timeout) else { continue }
                    self?.arrived(request)
                } catch {
                    return
                }
            }
        }
    }

    func close() {
        listening?.cancel()
        listening = nil
        waiting = []
    }

    private func arrived(_ request: any VerificationRequest) {
        waiting.append(request)
        changes.publish()
    }

    /// The oldest request, taken off the list to be put to the person.
    public func takeNext() -> (any VerificationRequest)? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// The person accepted: the verification, followed by a model for the verification screen.
    public func accept(_ request: any VerificationRequest) -> VerificationModel {
        let model = VerificationModel(user: request.user, strings: strings, changes: changes)
        model.follow(accepting: request, timeout: timeout)
        return model
    }

    /// The person declined (or closed the question): the other device is told.
    public func decline(_ request: any VerificationRequest) async {
        await request.decline()
    }
}

extension Strings {
    /// The question put to the person when another device asks to verify.
    public func verificationRequested(_ user: String, device: String) -> String {
        pick("\(user) (device \(device)) asks to verify by comparing emoji. Compare now?",
             "\(user) 님의 기기 \(device)에서 이모지 비교로 확인을 요청합니다. 지금 비교할까요?")
    }
    public var compareEmojiChoice: String { pick("Compare emoji", "이모지 비교") }
}
