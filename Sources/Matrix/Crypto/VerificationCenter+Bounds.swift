/// How much of the others' asking one device keeps. Anyone can send a verification request
/// (to-device, each with a new transaction id, or into a shared room): a flood of them grew the
/// waiting list and its flows without end, each request asking the server for its sender's keys
/// first, and finished verifications were never forgotten. Now each sender has a small share of
/// the waiting list, the whole list a ceiling, a waiting request the specification's ten minutes,
/// and only the latest finished verifications keep their last phase.
extension VerificationCenter {
    /// Incoming verifications one user may have waiting to be taken (a person verifying a new
    /// device sends one; a second covers a retry).
    static let waitingPerSender = 2
    /// Incoming verifications waiting, from everyone together.
    static let waitingLimit = 16
    /// How long an incoming verification waits to be taken: the specification's ten minutes.
    static let waitingTimeout = Duration.seconds(10 * 60)
    /// Finished verifications kept for their last phase (`phase(of:)`); older ones are forgotten.
    static let finishedLimit = 16

    /// The incoming verifications waiting to be taken, from `user` when one is named.
    func waitingCount(from user: String? = nil) -> Int {
        unclaimed.count { id in
            guard let machine = flows[id]?.machine, !machine.phase.isFinished else { return false }
            return user.map { machine.otherUser == $0 } ?? true
        }
    }

    /// Whether one more incoming verification from `user` may wait.
    func admitsWaiting(from user: String) -> Bool {
        waitingCount() < Self.waitingLimit && waitingCount(from: user) < Self.waitingPerSender
    }

    /// A verification that finished: no longer waiting, and the oldest finished beyond
    /// `finishedLimit` forgotten.
    func retire(_ flow: Flow) {
        let id = flow.machine.transactionID
        unclaimed.removeAll { $0 == id }
        guard !finished.contains(id) else { return }
        finished.append(id)
        while finished.count > Self.finishedLimit {
            let oldest = finished.removeFirst()
            flows[oldest] = nil
            unpublished[oldest] = nil
        }
    }
}
