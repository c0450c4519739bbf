import ChatCore

/// `tteok cross-signing --password-stdin`
struct CrossSigningCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "cross-signing",
        abstract: "Create this account's cross-signing keys and sign this device with them (Matrix).",
        discussion: "Makes a master, a self-signing and a user-signing key, publishes them (the homeserver asks for your\npassword, read from the first line of standard input) and signs this device. New keys replace any\nthe account had: others who verified you will see your identity as changed. The private keys stay\nin this device's crypto store, sealed with its key file, and in the account's secret storage (made now,\nwith a recovery key shown once, when the account has none): tteok keys restore on a new device gets them.",
        options: [.flag("password-stdin", help: "Read the password from the first line of standard input (required).")]
    )

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        if !arguments.flag("password-stdin") { throw .missingArgument("--password-stdin") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = try await context.requireMember()
        guard let service = context.service as? any VerificationService else {
            throw ChatError.unsupported("Cross-signing needs a Matrix homeserver (--homeserver).")
        }
        guard let password = context.input.password(), !password.isEmpty else { throw ChatError.invalidInput("No password on standard input.") }
        let setUp = try await service.setUpCrossSigning(password: password)
        context.console.line("Cross-signing is set up; this device is signed. Master key: \(setUp.masterKey)")
        if let recoveryKey = setUp.recoveryKey {
            RecoveryKeyNotice.print(recoveryKey, to: context.console)
        } else {
            context.console.line("The private keys are in your secret storage: your recovery key (or passphrase) brings them to a new device.")
        }
        return .success
    }
}
