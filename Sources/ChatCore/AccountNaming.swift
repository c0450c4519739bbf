/// What names an account on a backend, so the log-in and sign-up forms ask for the right thing:
/// an email on the embedded community, a user name on Matrix (a localpart such as `mina`, or a
/// full `@mina:example.org`). The backend says it; nothing above it checks which backend it is.
public enum AccountNaming: Hashable, Sendable {
    case email
    case userName
}
