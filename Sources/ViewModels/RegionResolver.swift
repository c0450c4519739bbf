import ChatCore
import FoundationEssentials

/// Finds the viewer's region before the channel list is first drawn.
///
/// Sources are asked in order and the first that answers wins: `--region`, the member's
/// profile, `TTEOK_REGION`, the config file. A source may be slow (a file, a server); after
/// `timeout` the answer is nil and the list shows unpinned rather than waiting.
public struct RegionResolver: Sendable {
    /// One place a region may come from; nil when it has none.
    public typealias Source = @Sendable (Viewer) async -> String?

    public var sources: [Source]
    public var timeout: Duration

    public init(sources: [Source], timeout: Duration = .seconds(1)) {
        self.sources = sources
        self.timeout = timeout
    }

    /// The sources SPEC 5 names, in its order.
    public static func standard(
        option: String?, environment: [String: String], timeout: Duration = .seconds(1),
        config: @escaping @Sendable () async -> String?
    ) -> RegionResolver {
        let fromEnvironment = environment["TTEOK_REGION"]
        return RegionResolver(sources: [
            { _ in option },
            { viewer in viewer.account?.region },
            { _ in fromEnvironment },
            { _ in await config() },
        ], timeout: timeout)
    }

    /// The standard sources, the last being the user's config file (`Paths.configFile`),
    /// read off the caller's thread because a home directory may be slow (NFS, a waking disk).
    public static func forUser(option: String?, environment: [String: String], timeout: Duration = .seconds(1)) -> RegionResolver {
        let file = Paths(environment: environment).configFile
        return standard(option: option, environment: environment, timeout: timeout) {
            await Task.detached { UserConfig.load(from: file).region }.value
        }
    }

    /// The first region a source gives, or nil when none gives one before the timeout.
    public func resolve(for viewer: Viewer) async -> String? {
        let sources = self.sources
        let timeout = self.timeout
        let race = Race<String?>()
        return await withCheckedContinuation { continuation in
            race.begin(continuation)
            race.track(Task {
                for source in sources where !Task.isCancelled {
                    if let region = await source(viewer)?.trimmingWhitespace(), !region.isEmpty {
                        race.finish(region)
                        return
                    }
                }
                race.finish(nil)
            })
            race.track(Task {
                try? await Task.sleep(for: timeout)
                race.finish(nil)
            })
        }
    }
}

/// Resumes a continuation with whichever answer comes first, then cancels the other contender.
/// A slow source that ignores cancellation cannot hold the caller past the timeout.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var done = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<Value, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Keeps `task` to cancel once the race is decided (at once if it already is).
    func track(_ task: Task<Void, Never>) {
        let decided = state.withLock { state -> Bool in
            if !state.done { state.tasks.append(task) }
            return state.done
        }
        if decided { task.cancel() }
    }

    func finish(_ value: Value) {
        let (continuation, losers) = state.withLock { state -> (CheckedContinuation<Value, Never>?, [Task<Void, Never>]) in
            guard !state.done else { return (nil, []) }
            state.done = true
            defer { state.continuation = nil; state.tasks = [] }
            return (state.continuation, state.tasks)
        }
        continuation?.resume(returning: value)
        for task in losers { task.cancel() }
    }
}
