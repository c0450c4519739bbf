import ChatCore
import FoundationEssentials
import Glibc

/// The outbox on disk, so posts typed while the service was away survive the client quitting
/// (or being killed): a 0600 file beside the session file, one JSON line per change, appended
/// (`+` a post, `-` a client id delivered or dropped) so a long queue costs one short write per
/// change; rewritten with only the pending posts when loaded, removed when nothing is pending.
struct OutboxLog: Sendable {
    let url: URL

    /// The outbox of the client whose session lives in `sessionFile`.
    init(sessionFile: URL) {
        url = URL(fileURLWithPath: sessionFile.path + ".outbox")
    }

    private enum Record: Codable {
        case add(Outbox.Entry)
        case remove(String)
    }

    /// The pending posts in the order typed; the file is compacted to just them.
    func load() -> [Outbox.Entry] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        var entries: [Outbox.Entry] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            // A line cut short by a kill mid-write is the last one: it was never acknowledged.
            switch try? JSONDecoder().decode(Record.self, from: Data(line)) {
            case .add(let entry)?: if !entries.contains(where: { $0.clientID == entry.clientID }) { entries.append(entry) }
            case .remove(let clientID)?: entries.removeAll { $0.clientID == clientID }
            case nil: continue
            }
        }
        rewrite(entries)
        return entries
    }

    func added(_ entry: Outbox.Entry) { append(.add(entry)) }

    /// Records that `clientID` left the outbox; `nowEmpty` removes the file.
    func removed(_ clientID: String, nowEmpty: Bool) {
        if nowEmpty { unlink(url.path) } else { append(.remove(clientID)) }
    }

    private func append(_ record: Record) {
        guard var line = try? JSONEncoder().encode(record) else { return }
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { _ = close(descriptor) }
        // Ours and owner-only, whatever was there: the posts are the user's words.
        _ = fchmod(descriptor, 0o600)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private func rewrite(_ entries: [Outbox.Entry]) {
        guard !entries.isEmpty else {
            unlink(url.path)
            return
        }
        let lines = entries.compactMap { try? JSONEncoder().encode(Record.add($0)) }.map { $0 + Data("\n".utf8) }
        let temporary = url.path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: lines.reduce(Data(), +), attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, url.path) != 0 { unlink(temporary) }
    }
}
