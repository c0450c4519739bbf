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

/// The decryption of a page, on every core. Why: each Megolm message carries an ed25519
/// signature to check (about 0.05 ms with libsodium here), which makes a 1,000-event history
/// page CPU-bound.
///
/// The events go in message-index order (`MegolmMessageIndex`), split in one run per worker; a
/// worker decrypts with its own `MegolmSessionReader` of each session, made from the session's
/// libolm export here on the store's queue (libolm objects are not thread-safe, the readers are
/// values). Runs on the store's queue, which waits for the workers.
enum MegolmPageDecryption {
    /// Below this many events per worker, starting a thread costs more than the core gives.
    static let eventsPerWorker = 64

    static func open(_ page: [Result<PreparedMegolm, Undecryptable>]) throws -> [Result<OpenedMegolm, Undecryptable>] {
        let ready = page.indices.compactMap { position -> (position: Int, prepared: PreparedMegolm, index: UInt32)? in
            guard case .success(let prepared) = page[position] else { return nil }
            return (position, prepared, MegolmMessageIndex.of(prepared.ciphertext) ?? .max)
        }.sorted { left, right in
            let (a, b) = (left.prepared.held, right.prepared.held)
            if a.sessionID != b.sessionID { return a.sessionID < b.sessionID }
            if a.senderKey != b.senderKey { return a.senderKey < b.senderKey }
            return left.index != right.index ? left.index < right.index : left.position < right.position
        }
        var readers: [String: Result<MegolmSessionReader, MegolmFailure>] = [:]
        for item in ready where readers[key(item.prepared.held)] == nil {
            let session = item.prepared.held.session
            readers[key(item.prepared.held)] = Result { () throws(MegolmFailure) in
                guard let exported = try? session.exportedKey(at: session.firstKnownIndex) else { throw .badSessionKey }
                return try MegolmSessionReader(exportedKey: exported)
            }
        }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, ready.count / eventsPerWorker))
        let runs = (0..<workers).map { worker in (ready.count * worker / workers)..<(ready.count * (worker + 1) / workers) }
        let work = Workload(ready: ready, runs: runs, readers: readers, count: page.count)
        DispatchQueue.concurrentPerform(iterations: workers) { work.run($0) }
        return work.results
    }

    /// What the workers share. Each worker reads only its own run and its own session copies and
    /// writes only its own events' slots; the caller reads the slots after every worker ended.
    private final class Workload: @unchecked Sendable {
        let ready: [(position: Int, prepared: PreparedMegolm, index: UInt32)]
        let runs: [Range<Int>]
        let readers: [String: Result<MegolmSessionReader, MegolmFailure>]
        private let slots: UnsafeMutableBufferPointer<Result<OpenedMegolm, Undecryptable>>

        init(ready: [(position: Int, prepared: PreparedMegolm, index: UInt32)], runs: [Range<Int>],
             readers: [String: Result<MegolmSessionReader, MegolmFailure>], count: Int) {
            self.ready = ready
            self.runs = runs
            self.readers = readers
            slots = .allocate(capacity: count)
            slots.initialize(repeating: .failure(Undecryptable(reason: .failed("not decrypted"))))
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        /// Each worker copies the readers it uses: their ratchets move as it decrypts.
        func run(_ worker: Int) {
            var own: [String: Result<MegolmSessionReader, MegolmFailure>] = [:]
            for item in ready[runs[worker]] {
                let key = MegolmPageDecryption.key(item.prepared.held)
                guard var reader = own[key] ?? readers[key] else { continue }
                slots[item.position] = MegolmPageDecryption.decrypt(item.prepared.ciphertext, with: &reader)
                own[key] = reader
            }
        }

        var results: [Result<OpenedMegolm, Undecryptable>] { Array(slots) }
    }

    static func key(_ held: HeldInboundSession) -> String { held.senderKey + "|" + held.sessionID }

    static func decrypt(_ ciphertext: String, with reader: inout Result<MegolmSessionReader, MegolmFailure>) -> Result<OpenedMegolm, Undecryptable> {
        let decrypted: (plaintext: [UInt8], index: UInt32)
        do throws(MegolmFailure) {
            var session = try reader.get()
            decrypted = try session.decrypt(ciphertext)
            reader = .success(session)
        } catch {
            return .failure(Undecryptable(reason: .failed(error.rawValue)))
        }
        guard let json = try? CryptoJSON(parsing: Data(decrypted.plaintext)) else {
            return .failure(Undecryptable(reason: .failed("the plaintext is not an event")))
        }
        return .success(OpenedMegolm(json: json, index: decrypted.index))
    }
}
