import FoundationEssentials
import Dispatch

/// An event whose session is held and admits it, ready for libolm.
struct PreparedMegolm {
    let held: HeldInboundSession
    let ciphertext: String
}

/// What libolm gave for one event: the plaintext parsed, and its message index (for the replay check).
struct OpenedMegolm {
    let json: CryptoJSON
    let index: UInt32
}

/// libolm's part of decrypting a page, on every core. Why: each Megolm message carries an
/// ed25519 signature that libolm verifies (about 0.1–0.2 ms here), which makes a 1,000-event
/// history page CPU-bound in libolm.
///
/// The events go in message-index order (`MegolmMessageIndex`), split in one run per worker; a
/// worker decrypts with its own copy of each session (libolm objects are not thread-safe), and
/// the held sessions are used only when one worker does everything. Runs on the store's queue,
/// which waits for the workers.
enum MegolmPageDecryption {
    /// Below this many events per worker, the copies cost more than the cores give.
    static let eventsPerWorker = 64

    static func open(_ page: [Result<PreparedMegolm, Undecryptable>], pickleKey: [UInt8]) throws -> [Result<OpenedMegolm, Undecryptable>] {
        let ready = page.indices.compactMap { position -> (position: Int, prepared: PreparedMegolm, index: UInt32)? in
            guard case .success(let prepared) = page[position] else { return nil }
            return (position, prepared, MegolmMessageIndex.of(prepared.ciphertext) ?? .max)
        }.sorted { left, right in
            let (a, b) = (left.prepared.held, right.prepared.held)
            if a.sessionID != b.sessionID { return a.sessionID < b.sessionID }
            if a.senderKey != b.senderKey { return a.senderKey < b.senderKey }
            return left.index != right.index ? left.index < right.index : left.position < right.position
        }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, ready.count / eventsPerWorker))
        let runs = (0..<workers).map { worker in (ready.count * worker / workers)..<(ready.count * (worker + 1) / workers) }
        // Each run's own sessions, copied here on the queue (pickle and unpickle: libolm has no copy).
        let sessions: [[String: MegolmInboundHandle]] = try runs.map { run in
            var copies: [String: MegolmInboundHandle] = [:]
            for item in ready[run] where copies[key(item.prepared.held)] == nil {
                let held = item.prepared.held.session
                copies[key(item.prepared.held)] = workers == 1 ? held : try MegolmInboundHandle.unpickle(try held.pickle(key: pickleKey), key: pickleKey)
            }
            return copies
        }
        let work = Workload(ready: ready, runs: runs, sessions: sessions, count: page.count)
        DispatchQueue.concurrentPerform(iterations: workers) { work.run($0) }
        return work.results
    }

    /// What the workers share. Each worker reads only its own run and its own session copies and
    /// writes only its own events' slots; the caller reads the slots after every worker ended.
    private final class Workload: @unchecked Sendable {
        let ready: [(position: Int, prepared: PreparedMegolm, index: UInt32)]
        let runs: [Range<Int>]
        let sessions: [[String: MegolmInboundHandle]]
        private let slots: UnsafeMutableBufferPointer<Result<OpenedMegolm, Undecryptable>>

        init(ready: [(position: Int, prepared: PreparedMegolm, index: UInt32)], runs: [Range<Int>], sessions: [[String: MegolmInboundHandle]], count: Int) {
            self.ready = ready
            self.runs = runs
            self.sessions = sessions
            slots = .allocate(capacity: count)
            slots.initialize(repeating: .failure(Undecryptable(reason: .failed("not decrypted"))))
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        func run(_ worker: Int) {
            for item in ready[runs[worker]] {
                guard let session = sessions[worker][MegolmPageDecryption.key(item.prepared.held)] else { continue }
                slots[item.position] = MegolmPageDecryption.decrypt(item.prepared.ciphertext, with: session)
            }
        }

        var results: [Result<OpenedMegolm, Undecryptable>] { Array(slots) }
    }

    static func key(_ held: HeldInboundSession) -> String { held.senderKey + "|" + held.sessionID }

    static func decrypt(_ ciphertext: String, with session: MegolmInboundHandle) -> Result<OpenedMegolm, Undecryptable> {
        let decrypted: (plaintext: Data, index: UInt32)
        do {
            decrypted = try session.decrypt(ciphertext)
        } catch let failure as OlmFailure {
            return .failure(Undecryptable(reason: .failed(failure.reason)))
        } catch {
            return .failure(Undecryptable(reason: .failed("\(error)")))
        }
        guard let json = try? CryptoJSON(parsing: decrypted.plaintext) else {
            return .failure(Undecryptable(reason: .failed("the plaintext is not an event")))
        }
        return .success(OpenedMegolm(json: json, index: decrypted.index))
    }
}
