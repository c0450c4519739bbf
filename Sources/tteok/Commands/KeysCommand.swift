import ChatCore
import FoundationEssentials

/// `tteok keys export FILE | import FILE | backup [--passphrase-stdin] | restore`: this device's
/// Megolm room keys — in the standard key export format, or in the account's server-side key
/// backup, whose key goes into the account's secret storage. Passphrases and recovery keys are
/// read from standard input, never taken as arguments.
struct KeysCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "keys",
        abstract: "Matrix end-to-end encryption keys: export FILE, import FILE, backup, restore.",
        discussion: """
            export writes every room key this device holds to FILE (a new file, mode 0600) in the standard \
            Megolm key export format that Element and other clients import; import reads such a file and \
            decrypts the messages it unlocks. Their passphrase is the first line of standard input (typed \
            without echo at a terminal); a wrong passphrase or a changed file is refused and imports nothing. \
            backup makes the account's server-side key backup when it has none, keeps its key in the \
            account's secret storage (made now when the account has none: its recovery key is printed once; \
            write it down, tteok does not keep it; with --passphrase-stdin the secret storage key comes from \
            a passphrase on standard input instead), or tells how the backup stands. restore reads the \
            recovery key or the passphrase from standard input, unlocks the secret storage, signs this device \
            with the cross-signing keys it holds, restores the backup and uploads this device's new keys to it.
            """,
        options: [.flag("passphrase-stdin", help: "backup: derive a new secret storage's key from a passphrase on standard input.")],
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "export, import, backup or restore"),
                    ArgumentDefinition(name: "FILE", arity: .optional, help: "The key export file (export and import).")]
    )

    enum Action: String { case export, `import`, backup, restore }

    let action: Action
    let file: String
    let passphraseForStorage: Bool

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let word = arguments.argument("ACTION") ?? ""
        guard let action = Action(rawValue: word) else {
            throw .invalidValue(option: "ACTION", value: word, reason: "expected export, import, backup or restore")
        }
        self.action = action
        file = arguments.argument("FILE") ?? ""
        passphraseForStorage = arguments.flag("passphrase-stdin")
        if passphraseForStorage, action != .backup {
            throw .invalidValue(option: "--passphrase-stdin", value: word, reason: "only backup takes it")
        }
        switch action {
        case .export, .import: if file.isEmpty { throw .missingArgument("FILE") }
        case .backup, .restore: if !file.isEmpty { throw .invalidValue(option: "FILE", value: file, reason: "\(word) takes no file") }
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = try await context.requireMember()
        guard let service = context.service as? any RoomKeysService else {
            throw ChatError.unsupported("Room keys exist only on a Matrix homeserver (--homeserver).")
        }
        let console = context.console
        switch action {
        case .export:
            let sealed = try await service.exportRoomKeys(passphrase: try secret("Passphrase", context))
            try OwnerOnlyWrite.create(file, contents: Data(sealed.file.utf8))
            console.line("Exported \(sealed.count) room keys to \(console.inert(file)).")
        case .import:
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw ChatError.invalidInput("Cannot read \(file).") }
            report(try await service.importRoomKeys(text, passphrase: try secret("Passphrase", context)), console)
        case .backup:
            try await backup(service, context)
        case .restore:
            let recovered = try await service.restoreKeyBackup(recoveryKey: try secret("Recovery key or passphrase", context))
            if recovered.crossSigned { console.line("This device is now signed with your cross-signing keys.") }
            for note in recovered.notes { console.error("Not recovered: \(note)") }
            if let roomKeys = recovered.roomKeys {
                report(roomKeys, console)
                console.line("New room keys of this device now go to the backup.")
            }
        }
        return .success
    }

    private func backup(_ service: any RoomKeysService, _ context: CommandContext) async throws {
        let console = context.console
        switch try await service.keyBackupStatus() {
        case .none:
            let passphrase = passphraseForStorage ? try secret("Passphrase", context) : nil
            let made = try await service.setUpKeyBackup(passphrase: passphrase)
            console.line("Key backup \(made.version) made; \(made.uploaded) room keys uploaded.")
            if let recoveryKey = made.recoveryKey {
                RecoveryKeyNotice.print(recoveryKey, to: console)
                if passphrase != nil { console.line("Your passphrase unlocks it as well.") }
            } else {
                console.line("Its key is in your secret storage: your recovery key (or passphrase) restores it on a new device.")
            }
        case .elsewhere(let version, let keys):
            console.line("The account has key backup \(version) (\(keys) keys), made on another device. To use it here: tteok keys restore, with its recovery key on standard input.")
        case .active(let version, let keys, let pending):
            console.line("Key backup \(version): \(keys) room keys on the server, \(pending) waiting to go up.")
        }
    }

    private func report(_ result: RoomKeyImportSummary, _ console: Console) {
        console.line("Imported \(result.imported) room keys (\(result.alreadyHeld) already held); \(result.decrypted) messages decrypted.")
        for refusal in result.refused { console.error("Refused a key: \(refusal)") }
    }

    /// The first line of standard input (no echo at a terminal); an empty one is refused.
    private func secret(_ name: String, _ context: CommandContext) throws -> String {
        if context.input.isTerminal() { DescriptorWriting.standardError("\(name): ") }
        guard let value = context.input.password(), !value.isEmpty else {
            throw ChatError.invalidInput("A \(name.lowercased()) is needed on standard input.")
        }
        return value
    }
}
