/// The to-device messages of interactive verification (`m.key.verification.*`).
public enum VerificationMessage: String, CaseIterable, Sendable {
    case request = "m.key.verification.request"
    case ready = "m.key.verification.ready"
    case start = "m.key.verification.start"
    case accept = "m.key.verification.accept"
    case key = "m.key.verification.key"
    case mac = "m.key.verification.mac"
    case cancel = "m.key.verification.cancel"
    case done = "m.key.verification.done"

    /// Whether a to-device event of `type` belongs to verification.
    public static func isVerification(_ type: String) -> Bool { type.hasPrefix("m.key.verification.") }
}

/// A message for the other device of a verification.
public struct VerificationOutgoing: Hashable, Sendable {
    public let message: VerificationMessage
    public let content: CryptoJSON
}

/// How far a SAS verification has come.
public enum SasPhase: Hashable, Sendable {
    /// We sent a request; waiting for the other device to be ready.
    case requested
    /// The other side asked; waiting for us to accept.
    case incoming
    /// Both ready; waiting for `start`.
    case ready
    /// `start` sent or received; `accept` pending.
    case started
    /// `accept` exchanged; the ephemeral keys are on their way.
    case accepted
    /// Keys exchanged: the people compare these emoji (and numbers).
    case comparing(emoji: [SasEmoji], decimals: [Int])
    /// We said they match and sent our MAC; waiting for the other side's.
    case confirmed
    /// Both MACs checked: the other device's keys are the ones it showed.
    case verified(DeviceKeys)
    case cancelled(VerificationCancel)

    public var isFinished: Bool {
        switch self {
        case .verified, .cancelled: return true
        default: return false
        }
    }
}

/// Why a verification ended without success: the specification's code, a reason in words, and
/// which side ended it.
public struct VerificationCancel: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: String
    public let reason: String
    public let byPeer: Bool

    public init(code: String, reason: String, byPeer: Bool) {
        self.code = code
        self.reason = reason
        self.byPeer = byPeer
    }

    public var description: String {
        (byPeer ? "the other device cancelled the verification: " : "verification cancelled: ") + "\(reason) (\(code))"
    }

    static func ours(_ code: Code, _ reason: String) -> VerificationCancel { VerificationCancel(code: code.rawValue, reason: reason, byPeer: false) }

    /// The specification's cancellation codes that tteok sends.
    enum Code: String {
        case user = "m.user"
        case timeout = "m.timeout"
        case unknownTransaction = "m.unknown_transaction"
        case unknownMethod = "m.unknown_method"
        case unexpectedMessage = "m.unexpected_message"
        case keyMismatch = "m.key_mismatch"
        case userMismatch = "m.user_mismatch"
        case invalidMessage = "m.invalid_message"
        case accepted = "m.accepted"
        case mismatchedCommitment = "m.mismatched_commitment"
        case mismatchedSas = "m.mismatched_sas"
    }
}

/// How the messages of a verification travel, and so how each names its transaction.
public enum VerificationTransport: Hashable, Sendable {
    /// To-device messages, each naming it by `transaction_id`.
    case toDevice
    /// Events of this room (a direct conversation): the request is an `m.room.message`, whose
    /// event id is the transaction id; every later event references it (`m.reference`).
    case room(String)
}
