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

    let region: String?

    init(_ arguments: ParsedArguments, globals: GlobalOptions) throws(UsageError) {
        region = arguments.value("region").flatMap { $0.isEmpty ? nil : $0 }
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let viewer = await context.service.restoreSession()
        let region = await RegionResolver.forUser(option: region, environment: context.environment).resolve(for: viewer)
        let (channels, pinned) = ChannelOrdering.ordered(try await context.service.channels(), region: region)
        let counts = await Self.unreadCounts(of: channels, in: context.service)
        let records = channels.map { channel in
            ChannelRecord(channel, unread: counts[channel.id] ?? .failure(.noSuchChannel(channel.name)), currentRegion: channel.id == pinned)
        }
        if context.json {
            try context.console.json(records)
        } else {
            records.forEach { context.console.line($0.line(context.console)) }
        }
        return .success
    }

    /// Every channel's count, fetched concurrently; a failed count becomes an `Error` badge.
    static func unreadCounts(of channels: [Channel], in service: any ChatService) async -> [ChannelID: Result<Int, ChatError>] {
        await withTaskGroup(of: (ChannelID, Result<Int, ChatError>).self) { group in
            for channel in channels {
                group.addTask {
                    do {
                        return (channel.id, .success(try await service.unreadCount(in: channel.id)))
                    } catch let error as ChatError {
                        return (channel.id, .failure(error))
                    } catch {
                        return (channel.id, .failure(.storage(String(describing: error))))
                    }
                }
            }
            var counts: [ChannelID: Result<Int, ChatError>] = [:]
            for await (id, result) in group { counts[id] = result }
            return counts
        }
    }
}
