import ChatCore
import FoundationEssentials

/// Where a thread's view goes on reading back: before the oldest reply it shows (`before`, an
/// event id), first from the cache, and from the server's `/relations` batch while it has one.
/// Carried to the view model as an opaque `PageToken`.
struct ThreadCursor: Codable, Hashable {
    var before: String
    var batch: String?

    init(before: String, batch: String?) {
        self.before = before
        self.batch = batch
    }

    /// Reads a token this backend handed out; anything else is refused.
    init(_ token: PageToken) throws {
        guard let decoded = try? JSONDecoder().decode(ThreadCursor.self, from: Data(token.raw.utf8)) else {
            throw ChatError.invalidInput("Bad page token.")
        }
        self = decoded
    }

    var token: PageToken {
        // Encoding two strings cannot fail.
        PageToken(String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self))
    }
}
