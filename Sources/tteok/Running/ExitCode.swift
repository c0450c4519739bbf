import ChatCore

/// The process exit status of every command; scripts can rely on these values (README lists them).
enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    /// Refused by a rule (guest, not your region, no nickname, terms, an encrypted room) or failed otherwise.
    case failure = 1
    /// The command line is wrong: unknown option, missing argument, bad value.
    case usage = 2
    /// Not signed in, wrong password, no such account.
    case authentication = 3
    /// No such channel, member or message.
    case notFound = 4
    /// The server could not be reached or asked us to wait.
    case offline = 5

    /// The exit status for a backend failure.
    init(_ error: ChatError) {
        switch error {
        case .wrongPassword, .noSuchAccount, .denied(.notSignedIn): self = .authentication
        case .noSuchChannel, .noSuchUser, .noSuchMessage: self = .notFound
        case .offline, .rateLimited: self = .offline
        case .denied, .accountExists, .invalidInput, .tooLarge, .badResponse, .server, .storage, .unsupported, .forbidden:
            self = .failure
        }
    }

    /// One line per code for `--help` and the README.
    var meaning: String {
        switch self {
        case .success: return "success"
        case .failure: return "refused by a rule (guest, not your region, no nickname, terms, an encrypted Matrix room) or failed"
        case .usage: return "usage error: unknown option, missing argument, bad value"
        case .authentication: return "not signed in, wrong password or no such account"
        case .notFound: return "no such channel or member"
        case .offline: return "the server could not be reached"
        }
    }
}
