/// Verifying another device by comparing emoji (Matrix's SAS verification): both people see
/// seven emoji derived from a secret only the two devices share, and say whether they match.
/// Offered by a backend with end-to-end encryption and asked for with
/// `as? any VerificationService`.
public protocol VerificationService: AnyObject, Sendable {
    /// Asks `user`'s `device` (or, without one, each of the user's devices: the first to
    /// answer is verified) to verify. Throws when encryption is off or the user has no device.
    func verify(user: String, device: String?, timeout: Duration) async throws -> any DeviceVerification

    /// Asks `user` to verify in `channel`, a conversation with them (in-room verification, as
    /// Element asks other people): every step is an event of that conversation, encrypted when
    /// it is, and any of the user's devices may answer. Throws when `user` is not in it, is this
    /// account (its own devices are asked directly), or has no device.
    func verify(user: String, in channel: ChannelID, timeout: Duration) async throws -> any DeviceVerification

    /// Waits for another device to ask this one, and accepts; `timeout` bounds the wait and,
    /// once it began, the verification.
    func nextVerification(timeout: Duration) async throws -> any DeviceVerification

    /// Waits up to `timeout` for another device to ask this one, without answering it: a front
    /// end asks the person first (nil when none asked in time). `timeout` also bounds how long
    /// the request waits for the person's answer.
    func nextRequest(timeout: Duration) async throws -> (any VerificationRequest)?

    /// Creates this account's cross-signing keys (master, self-signing, user-signing), publishes
    /// them — the server may ask for `password` — signs this device with them, and keeps their
    /// private keys in the account's secret storage (made now when the account has none).
    func setUpCrossSigning(password: String) async throws -> CrossSigningSetup
}

/// Cross-signing just set up.
public struct CrossSigningSetup: Sendable, Hashable {
    /// The master key: what others verify this person by.
    public let masterKey: String
    /// The recovery key of the secret storage made for the keys; nil when the account had one.
    public let recoveryKey: String?

    public init(masterKey: String, recoveryKey: String?) {
        self.masterKey = masterKey
        self.recoveryKey = recoveryKey
    }
}

/// Another device asking this one to verify, not yet answered.
public protocol VerificationRequest: Sendable {
    /// Who asks, and from which of their devices.
    var user: String { get }
    var device: String { get }

    /// Takes the request: the verification goes on, bounded by `timeout`.
    func accept(timeout: Duration) async -> any DeviceVerification

    /// Refuses it (the other device is told the person cancelled).
    func decline() async
}

/// One verification under way.
public protocol DeviceVerification: Sendable {
    /// The other person.
    var user: String { get }

    /// Each step as it comes, ending after `.verified` or `.cancelled`.
    func steps() -> AsyncStream<VerificationStep>

    /// The person's answer to `.compare`: the emoji match (our confirmation goes out), or not
    /// (the verification is cancelled on both sides).
    func answer(match: Bool) async

    /// Gives up (cancelled on both sides as the person's choice).
    func cancel() async
}

public enum VerificationStep: Hashable, Sendable {
    /// Waiting for the other device (to accept, to send its key, to confirm).
    case waiting(String)
    /// The emoji (and numbers) to compare with what the other device shows.
    case compare([VerificationEmoji], decimals: [Int])
    case verified(user: String, device: String)
    /// After `.verified`: the signature that shows the verification to this account's other
    /// devices and to other people could not be uploaded (why); the device stays verified here.
    case unpublished(String)
    case cancelled(reason: String, code: String, byPeer: Bool)
}

/// An emoji of the comparison with its names.
public struct VerificationEmoji: Hashable, Sendable {
    public let symbol: String
    public let name: String
    public let koreanName: String

    public init(symbol: String, name: String, koreanName: String) {
        self.symbol = symbol
        self.name = name
        self.koreanName = koreanName
    }
}
