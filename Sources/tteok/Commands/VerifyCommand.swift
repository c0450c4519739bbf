import ChatCore
import FoundationEssentials

/// `tteok verify USER [DEVICE]`, `tteok verify USER --room ROOM`, `tteok verify --accept`
struct VerifyCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "verify",
        abstract: "Verify another device by comparing emoji (Matrix, end-to-end encryption).",
        discussion: "With USER (and DEVICE), asks that device (or each of USER's devices) to verify; with --room,\nasks USER in that conversation with them (in-room, as Element asks other people); with --accept,\nwaits for another device to ask (directly or in a room). Both sides then show the same seven emoji if, and only if, no one\nis in between: compare them with the other person (or your other device) and answer y or n on\nstandard input. A match marks the device verified on both sides; a mismatch, a timeout or a\nfailed check cancels it on both sides and exits 1 with the reason.",
        options: [
            .flag("accept", help: "Wait for another device to ask, instead of asking."),
            .value("room", "ROOM", help: "Ask USER in this room (a direct conversation with them: name, alias or id)."),
            .value("timeout", "SECONDS", help: "Give up after this long (default 600, the specification's ten minutes)."),
        ],
        arguments: [
            ArgumentDefinition(name: "USER", arity: .optional, help: "The Matrix user id to verify (@name:server; yourself for your other devices)."),
            ArgumentDefinition(name: "DEVICE", arity: .optional, help: "Their device id; without it, every device of USER is asked."),
        ]
    )

    enum Mode: Equatable {
        case ask(user: String, device: String?)
        case askInRoom(user: String, room: String)
        case accept
    }

    let mode: Mode
    let timeout: Duration

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        let user = arguments.argument("USER"), device = arguments.argument("DEVICE")
        let room = arguments.value("room")
        if arguments.flag("accept") {
            if user != nil || room != nil { throw .invalidCombination("--accept waits for a request: give no USER or --room") }
            mode = .accept
        } else {
            guard let user, user.hasPrefix("@"), user.contains(":") else { throw .missingArgument("USER (a Matrix user id, @name:server)") }
            if let room {
                if device != nil { throw .invalidCombination("--room asks every device of USER: give no DEVICE") }
                mode = .askInRoom(user: user, room: room)
            } else {
                mode = .ask(user: user, device: device)
            }
        }
        timeout = .seconds(try arguments.integer("timeout", default: 600, in: 1...3600))
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = try await context.requireMember()
        guard let service = context.service as? any VerificationService else {
            throw ChatError.unsupported("Verification needs a Matrix homeserver (--homeserver).")
        }
        let verification: any DeviceVerification
        switch mode {
        case .ask(let user, let device):
            context.console.line("Asking \(context.console.inert(user))\(device.map { " (\(context.console.inert($0)))" } ?? "") to verify…")
            verification = try await service.verify(user: user, device: device, timeout: timeout)
        case .askInRoom(let user, let room):
            let channel = try await context.service.channel(named: room)
            context.console.line("Asking \(context.console.inert(user)) in \(context.console.inert(channel.name)) to verify…")
            verification = try await service.verify(user: user, in: channel.id, timeout: timeout)
        case .accept:
            context.console.line("Waiting for another device to ask…")
            verification = try await service.nextVerification(timeout: timeout)
            context.console.line("\(context.console.inert(verification.user)) asks to verify.")
        }
        return await follow(verification, context)
    }

    /// Prints each step, asks the person at the comparison; the exit status is the outcome.
    private func follow(_ verification: any DeviceVerification, _ context: CommandContext) async -> ExitCode {
        let console = context.console
        var lastWait = "", verified = false
        for await step in verification.steps() {
            switch step {
            case .waiting(let what) where what != lastWait:
                lastWait = what
                console.line("… \(what)")
            case .waiting:
                break
            case .compare(let emoji, let decimals):
                console.line("Compare these emoji with the other device:")
                for each in emoji { console.line("  \(each.symbol)  \(each.name) · \(each.koreanName)") }
                console.line("  (or the numbers \(decimals.map(String.init).joined(separator: " ")))")
                console.writeOut("Do they match? [y/n] ")
                switch await Self.answer(context.input) {
                case .some(true): await verification.answer(match: true)
                case .some(false): await verification.answer(match: false)
                case .none: await verification.cancel()
                }
            case .verified(let user, let device):
                console.line("Verified: \(console.inert(user))'s device \(console.inert(device)).")
                verified = true
            case .unpublished(let reason):
                console.error("the verification's signature could not be uploaded, so other devices do not see it yet: \(reason)")
            case .cancelled(let reason, let code, let byPeer):
                console.error((byPeer ? "the other device cancelled the verification: " : "verification cancelled: ") + "\(reason) (\(code))")
                return .failure
            }
        }
        if verified { return .success }
        console.error("the verification ended without an outcome")
        return .failure
    }

    /// y/yes or n/no from standard input, read on a thread of its own so the sync that brings
    /// the other side's messages keeps running; nil at the end of input.
    private static func answer(_ input: StandardInput) async -> Bool? {
        let line: String? = await withCheckedContinuation { continuation in
            DetachedThread.start { continuation.resume(returning: input.readLine()) }
        }
        guard let line else { return nil }
        return ["y", "yes", "예", "네"].contains(line.trimmingWhitespace().lowercased())
    }
}
