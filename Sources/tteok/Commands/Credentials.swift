import ChatCore

/// Who `signup` and `login` are about: `--email` (embedded) or `--username` (Matrix),
/// with the password always read from standard input, never from argv.
struct Credentials: Hashable, Sendable {
    let identifier: String

    static let definitions: [OptionDefinition] = [
        .value("email", "E", help: "The account's email."),
        .value("username", "NAME", help: "Matrix only: a user name or a full @name:server."),
        .flag("password-stdin", help: "Read the password from the first line of standard input (required)."),
    ]

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        switch (arguments.value("email"), arguments.value("username")) {
        case (.some, .some):
            throw .invalidCombination("use --email or --username, not both")
        case (nil, nil):
            throw .invalidCombination(globals.isMatrix ? "missing --username NAME" : "missing --email E")
        case (nil, .some(let name)):
            guard globals.isMatrix else {
                throw .invalidCombination("--username is for Matrix (--homeserver URL); the embedded community uses --email")
            }
            identifier = name
        case (.some(let email), nil):
            identifier = email
        }
        if identifier.isEmpty { throw .missingArgument("the account's email or user name") }
        guard arguments.flag("password-stdin") else {
            throw .invalidCombination("the password is read from standard input: add --password-stdin")
        }
    }

    /// The first line of standard input.
    func password(from input: StandardInput) throws(UsageError) -> String {
        guard let password = input.password(), !password.isEmpty else {
            throw .invalidCombination("no password on standard input")
        }
        return password
    }
}
