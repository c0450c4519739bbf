import ChatCore
import Dispatch
import FoundationEssentials

/// Where an image's preview stands.
public enum ImagePreviewState: Hashable, Sendable {
    /// The bytes are on their way or being decoded.
    case loading
    case ready(Canvas)
    /// No preview: the bytes could not be had or decoded; the reason is readable.
    case failed(String)
}

/// Previews of image messages, cached per image and size so scrolling and redrawing never fetch or
/// decode again; the bytes are kept (within a budget) for opening and saving, and for a new size
/// after a resize. Drawing only looks up (a miss answers `.loading`); `loadWanted()`, called after
/// the frame, queues it for one background worker that fetches and renders one image at a time,
/// then calls `onChange` so the screen redraws.
public final class ImagePreviews: Sendable {
    /// Fetches an image's bytes (the chat model's `imageData`); nil when they cannot be had.
    public typealias Fetch = @Sendable (ImageInfo) async -> Data?

    public let renderer: any ImageRenderer
    private let onChange: @Sendable () -> Void
    private let state = Mutex(Store())
    /// Bytes kept for open/save and re-renders; beyond this the oldest are dropped.
    static let byteBudget = 64 * 1024 * 1024
    /// Previews kept before the cache starts afresh.
    static let previewLimit = 2000

    private struct Key: Hashable {
        let reference: String
        let size: Size
    }

    private struct Store {
        var previews: [Key: ImagePreviewState] = [:]
        /// Asked for by drawing, not yet started.
        var wanted: [Key: ImageInfo] = [:]
        var bytes: [String: Data] = [:]
        var byteOrder: [String] = []
        var fetch: Fetch?
        var renders = 0
        /// Previews waiting for the worker, oldest first, each with the fetch of its time.
        var queue: [Job] = []
        var working = false
    }

    private struct Job {
        let key: Key
        let image: ImageInfo
        let fetch: Fetch?
    }

    public init(renderer: any ImageRenderer, onChange: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.onChange = onChange
    }

    /// Where image bytes come from now (set when a chat opens). Previews that failed are tried
    /// again from here on (the server may be back), not on every frame.
    public func setFetch(_ fetch: Fetch?) {
        state.withLock { store in
            store.fetch = fetch
            store.previews = store.previews.filter { _, state in
                if case .failed = state { return false }
                return true
            }
        }
    }

    /// How many previews were decoded and drawn so far (tests: scrolling adds none).
    public var renderCount: Int { state.withLock { $0.renders } }

    /// The preview of `image` fitting `size`. Drawing asks this and starts nothing: a miss
    /// answers `.loading` and is noted, and `loadWanted()` (after the frame) makes it.
    public func preview(of image: ImageInfo, fitting size: Size) -> ImagePreviewState {
        let key = Key(reference: image.reference, size: size)
        return state.withLock { store in
            if let known = store.previews[key] { return known }
            store.wanted[key] = image
            return .loading
        }
    }

    /// Queues every preview the last frames asked for and did not have; one worker fetches and
    /// decodes them one at a time, off the main actor, and `onChange` follows each.
    public func loadWanted() {
        let startWorker = state.withLock { store -> Bool in
            let wanted = store.wanted.filter { store.previews[$0.key] == nil }
            store.wanted = [:]
            // Previews are small, but a long session at many sizes adds up: start afresh.
            if store.previews.count + wanted.count > Self.previewLimit { store.previews.removeAll(keepingCapacity: true) }
            for (key, image) in wanted {
                store.previews[key] = .loading
                store.queue.append(Job(key: key, image: image, fetch: store.fetch))
            }
            guard !store.working, !store.queue.isEmpty else { return false }
            store.working = true
            return true
        }
        if startWorker { Task.detached(priority: .utility) { await self.work() } }
    }

    /// The bytes of `image`, from the cache or fetched now (open and save).
    public func data(of image: ImageInfo) async -> Data? {
        let (cached, fetch) = state.withLock { ($0.bytes[image.reference], $0.fetch) }
        if let cached { return cached }
        guard let data = await fetch?(image) else { return nil }
        keep(data, for: image.reference)
        return data
    }

    /// The one worker: takes jobs until the queue is empty. Decoding is the costly part (up to
    /// `ImageDecoder`'s pixel budget each), so one image at a time bounds what previews cost,
    /// however many pictures a chat holds.
    private func work() async {
        while let job = state.withLock({ store -> Job? in
            guard !store.queue.isEmpty else {
                store.working = false
                return nil
            }
            return store.queue.removeFirst()
        }) {
            await make(job)
        }
    }

    private func make(_ job: Job) async {
        var bytes = state.withLock { $0.bytes[job.image.reference] }
        if bytes == nil { bytes = await job.fetch?(job.image) }
        var result = ImagePreviewState.failed("no preview")
        if let data = bytes {
            keep(data, for: job.image.reference)
            let renderer = self.renderer
            result = await withCheckedContinuation { done in
                Self.decodeQueue.async { done.resume(returning: Self.render(data, fitting: job.key.size, with: renderer)) }
            }
            state.withLock { $0.renders += 1 }
        }
        state.withLock { $0.previews[job.key] = result }
        onChange()
    }

    /// Where previews are decoded: one serial queue for the whole process, so even two chats'
    /// previews never decode at the same time, and no Swift concurrency thread is held up.
    private static let decodeQueue = DispatchQueue(label: "tteok.image-previews", qos: .utility)

    private static func render(_ data: Data, fitting size: Size, with renderer: any ImageRenderer) -> ImagePreviewState {
        do {
            return .ready(try renderer.preview(of: data, fitting: size))
        } catch {
            return .failed((error as? ChatError)?.message ?? "no preview")
        }
    }

    private func keep(_ data: Data, for reference: String) {
        state.withLock { store in
            guard store.bytes[reference] == nil else { return }
            store.bytes[reference] = data
            store.byteOrder.append(reference)
            var total = store.bytes.values.reduce(0) { $0 + $1.count }
            while total > Self.byteBudget, store.byteOrder.count > 1 {
                let oldest = store.byteOrder.removeFirst()
                total -= store.bytes.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }
}
