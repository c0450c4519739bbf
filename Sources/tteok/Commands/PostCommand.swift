import ChatCore
import FoundationEssentials
import ImagePreview

/// `tteok post CHANNEL [TEXT...]`, `tteok post --image PATH CHANNEL`, `tteok post --file PATH CHANNEL`
struct PostCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "post",
        abstract: "Post a message; without TEXT, post each line of standard input as one message.",
        discussion: "A refusal (not signed in, guest, not your region, no nickname, terms, an end-to-end\nencrypted Matrix room) exits non-zero with the reason on stderr, and nothing is stored or sent.\nWith --image, the file must be a PNG, JPEG, GIF or WebP (told by its bytes) of at most 10 MiB;\nwith --file, any file of at most 10 MiB (sent as a video or sound by its extension, else a file).\nOn Matrix, a message the homeserver has not acknowledged stays in the outbox and the command\nexits 5; the next `tteok post` to that homeserver (or the interactive client) sends it first.",
        options: [
            .value("image", "PATH", help: "Post this image file instead of text."),
            .value("file", "PATH", help: "Post this file as an attachment instead of text."),
            .value("reply-to", "ID", help: "Post as a reply to this message (its id as read --json prints it)."),
            .value("thread", "ID", help: "Post in the thread this message started (or is in)."),
            .flag("emote", help: "Post as an action, shown as `* Nick TEXT` (like /me); with --thread, in the thread."),
        ],
        arguments: [
            ArgumentDefinition(name: "CHANNEL", arity: .required, help: "The channel's name (on Matrix: a room name, alias or id)."),
            ArgumentDefinition(name: "TEXT", arity: .variadic, help: "The message; its words are joined by spaces."),
        ]
    )

    let channelName: String
    /// nil: read the messages from standard input.
    let text: String?
    /// `--image PATH`: post this file instead of text.
    let imagePath: String?
    /// `--file PATH`: post this file as an attachment instead of text.
    let filePath: String?
    /// `--reply-to ID`: each message answers this one.
    let replyTo: String?
    /// `--emote`: each message is an action.
    let emote: Bool
    /// `--thread ID`: each message is a reply in this message's thread.
    let thread: String?

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        channelName = arguments.argument("CHANNEL") ?? ""
        if channelName.isEmpty { throw .missingArgument("CHANNEL") }
        let words = arguments.words("TEXT")
        text = words.isEmpty ? nil : words.joined(separator: " ")
        imagePath = arguments.value("image")
        if imagePath?.isEmpty == true { throw .invalidCombination("--image needs a file path") }
        filePath = arguments.value("file")
        if filePath?.isEmpty == true { throw .invalidCombination("--file needs a file path") }
        if imagePath != nil, filePath != nil { throw .invalidCombination("give either --image or --file, not both") }
        let attachment = imagePath != nil ? "--image" : filePath != nil ? "--file" : nil
        if let attachment, text != nil { throw .invalidCombination("give either TEXT or \(attachment), not both") }
        replyTo = arguments.value("reply-to")
        emote = arguments.flag("emote")
        thread = arguments.value("thread")
        if replyTo?.isEmpty == true { throw .invalidCombination("--reply-to needs a message id") }
        if thread?.isEmpty == true { throw .invalidCombination("--thread needs a message id") }
        if let attachment, replyTo != nil || emote || thread != nil {
            throw .invalidCombination("\(attachment) posts an attachment alone, without --reply-to, --thread or --emote")
        }
        // An action in a thread is `--thread ID --emote`; a reply is answered with words alone.
        if replyTo != nil, emote || thread != nil {
            throw .invalidCombination("give one of --reply-to, --thread or --emote (--emote may go with --thread)")
        }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        _ = try await context.requireMember()
        let channel = try await context.service.channel(named: channelName)
        // Ask the rule before reading stdin, so a refusal stores nothing and consumes nothing.
        if case .denied(let denial) = await context.service.permission(in: channel.id) {
            throw ChatError.denied(denial)
        }
        if let imagePath { return try await postAttachment(to: channel, context) { try await $0.sendImage(ImageFileReader.upload(atPath: imagePath), to: $1) } }
        if let filePath { return try await postAttachment(to: channel, context) { try await $0.sendFile(FileUpload(readingAtPath: filePath), to: $1) } }
        // Asked before reading stdin too: a backend without relations consumes nothing.
        let relations = replyTo != nil || emote && thread == nil ? try context.relations() : nil
        let threads = thread != nil ? try context.threads() : nil
        let messages = try messages(from: context.input)
        var posted: [Message] = []
        for text in messages {
            if let thread, let threads {
                posted.append(try await threads.replyInThread(emote ? .emote(text) : .text(text), root: MessageID(thread), quoting: nil, in: channel.id))
            } else if let replyTo, let relations {
                posted.append(try await relations.reply(text, to: MessageID(replyTo), in: channel.id))
            } else if emote, let relations {
                posted.append(try await relations.sendEmote(text, to: channel.id))
            } else {
                posted.append(try await context.service.send(text, to: channel.id))
            }
        }
        if context.json { try context.console.json(posted.map { MessageRecord($0, channelName: channel.name) }) }
        return outcome(of: posted.map(\.delivery), context)
    }

    /// The file is read and checked whole (in `send`) before anything is sent: a refusal sends nothing.
    private func postAttachment(to channel: Channel, _ context: CommandContext,
                                send: (any ChatService, ChannelID) async throws -> Message) async throws -> ExitCode {
        let message = try await send(context.service, channel.id)
        if context.json { try context.console.json([MessageRecord(message, channelName: channel.name)]) }
        return outcome(of: [message.delivery], context)
    }

    /// Success only when every message was acknowledged. A message still only in the outbox
    /// (Matrix, server unreachable) is not delivered yet: a script must not take it for sent, so
    /// the command says so and exits 5; the outbox keeps it for the next run.
    private func outcome(of deliveries: [DeliveryState], _ context: CommandContext) -> ExitCode {
        let pending = deliveries.filter { $0 == .pending }.count
        guard pending > 0 else { return .success }
        let messages = pending == 1 ? "1 message is" : "\(pending) messages are"
        context.console.error("the server could not be reached: \(messages) kept in the outbox, to be sent once by the next tteok post to this homeserver or the interactive client")
        return .offline
    }

    private func messages(from input: StandardInput) throws(UsageError) -> [String] {
        let candidates = text.map { [$0] } ?? input.lines()
        let messages = candidates.filter { !$0.trimmingWhitespaceAndNewlines().isEmpty }
        if messages.isEmpty { throw .invalidCombination("nothing to post: give TEXT or lines on standard input") }
        return messages
    }
}
