import ChatCore
import Foundation

/// `tteok keys export FILE` / `tteok keys import FILE`: this device's Megolm room keys in the
/// standard key export format, the passphrase read from standard input (never an argument).
struct KeysCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "keys",
        abstract: "Matrix end-to-end encryption keys: export FILE, import FILE.",
        discussion: """
            export writes every room key this device holds to FILE (a new file, mode 0600) in the standard \
            Megolm key export format that Element and other clients import; import reads such a file and \
            decrypts the messages it unlocks. The passphrase is the first line of standard input (typed \
            without echo at a terminal). A wrong passphrase or a changed file is refused and imports nothing.
            """,
        arguments: [ArgumentDefinition(name: "ACTION", arity: .required, help: "export or import"),
                    ArgumentDefinition(name: "FILE", arity: .required, help: "The key export file.")]
    )

    enum Action: String { case export, `import` }

    let action: Action
    let file: String

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let word = arguments.argument("ACTION") ?? ""
        guard let action = Action(rawValue: word) else { throw .invalidValue(option: "ACTION", value: word, reason: "expected export or import") }
        self.action = action
        file = arguments.argument("FILE") ?? ""
        if file.isEmpty { throw .missingArgument("FILE") }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = try await context.requireMember()
        guard let service = context.service as? any RoomKeysService else {
            throw ChatError.unsupported("Room keys exist only on a Matrix homeserver (--homeserver).")
        }
        if context.input.isTerminal() { FileHandle.standardError.write(Data("Passphrase: ".utf8)) }
        guard let passphrase = context.input.password(), !passphrase.isEmpty else {
            throw ChatError.invalidInput("A passphrase is needed on standard input.")
        }
        switch action {
        case .export:
            let sealed = try await service.exportRoomKeys(passphrase: passphrase)
            try OwnerOnlyWrite.create(file, contents: Data(sealed.file.utf8))
            context.console.line("Exported \(sealed.count) room keys to \(context.console.inert(file)).")
        case .import:
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ChatError.invalidInput("Cannot read \(file).")
            }
            let result = try await service.importRoomKeys(text, passphrase: passphrase)
            context.console.line("Imported \(result.imported) room keys (\(result.alreadyHeld) already held); \(result.decrypted) messages decrypted.")
            for refusal in result.refused { context.console.error("Refused a key: \(refusal)") }
        }
        return .success
    }
}

/// Writes a new file readable by its owner only; an existing file (or a link in its place) is
/// refused rather than replaced.
enum OwnerOnlyWrite {
    static func create(_ path: String, contents: Data) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw ChatError.invalidInput(errno == EEXIST ? "\(path) exists; choose a new file name." : "Cannot create \(path): \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw ChatError.storage("\(path) could not be written")
        }
    }
}
