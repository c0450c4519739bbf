import ChatCore
import ViewModels

/// `tteok channels [--region R]`
struct ChannelsCommand: ScriptCommand {
    static let configuration = CommandConfiguration(
        name: "channels",
        abstract: "List the channels in display order: your region first, then by name, with unread badges.",
        discussion: "The region is --region, else your profile's, else $TTEOK_REGION, else region = in $XDG_CONFIG_HOME/tteok/config.",
        options: [.value("region", "R", help: "Pin this region's channel first.")]
    )

    /// Channels fetched, counted and printed at a time: the list is streamed, so a community with
    /// a million channels is printed with the memory of one page.
    static let pageSize = 500

    let region: String?

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        region = arguments.value("region").flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let viewer = await context.service.restoreSession()
        // A script lists every channel: on Matrix a new cache waits for the whole first sync, not
        // the first window of rooms a screen starts with.
        await context.service.catchUp()
        let region = await RegionResolver.forUser(option: region, environment: context.environment).resolve(for: viewer)
        var json = JSONOutput.ArrayWriter(write: context.console.writeOut)
        var token: PageToken?
        // How deep each space printed so far is: a room under one is indented a level more (a
        // space always comes before what it lists, though perhaps on an earlier page).
        var spaceDepths: [ChannelID: Int] = [:]
        repeat {
            let page = try await context.service.channelPage(region: region, after: token, limit: Self.pageSize)
            let counts = await context.service.unreadCounts(in: page.channels.map(\.id))
            var lines = ""
            for channel in page.channels {
                let record = ChannelRecord(channel, unread: counts[channel.id] ?? .failure(.noSuchChannel(channel.name)),
                                           currentRegion: channel.id == page.pinned)
                let depth = channel.parent.flatMap { spaceDepths[$0] }.map { min($0 + 1, ChannelNesting.maxDepth) } ?? 0
                if channel.isSpace { spaceDepths[channel.id] = depth }
                if context.json { try json.append(record) } else { lines += record.line(context.console, depth: depth) + "\n" }
            }
            // One write per page, not per line: a million lines are a million system calls otherwise.
            if !lines.isEmpty { context.console.writeOut(lines) }
            json.flush()
            token = if case .haveMore(let next) = page.next { next } else { nil }
        } while token != nil
        if context.json { json.finish() }
        return .success
    }
}
