import ChatCore
import FoundationEssentials
import Glibc
import Storage

/// One account's local copy of its Matrix world: rooms, timelines, members, account data and
/// the sync token. The sync engine writes it; `MatrixService` reads it, so start-up and offline
/// reading need no network.
final class MatrixCache: Sendable {
    let database: Database
    let userID: String
    /// The cache's file.
    let file: URL
    /// `m.direct` as last read, with the generation it was read in: every sync answer with
    /// messages asks which rooms are direct, and reading and decoding the account data each time
    /// was a trip through the database's queue per answer. Forgotten (the generation moves on)
    /// whenever this process stores `m.direct`; only this process's sync writes the cache.
    private let directMemo = Mutex<(generation: Int, rooms: [String: [String]]?)>((0, nil))
    /// The own profile known before the cache holds one (`prime`): the profile kept from the
    /// last run, then what a cold start's first answer told, read before it is written.
    private let primedProfile = Mutex<OwnProfile?>(nil)
    /// The channel list and its badges as a cold start's first answer left them, read in that
    /// answer's write (`FirstScreenSnapshot`).
    let firstScreen = Mutex<FirstScreenSnapshot?>(nil)

    /// Opens (creating) the cache file for `userID` on `homeserver` inside `directory`.
    init(directory: URL, homeserver: URL, userID: String) throws {
        let folder = Self.accountFolder(in: directory, homeserver: homeserver)
        let path = Self.accountBase(in: directory, homeserver: homeserver, userID: userID).path + ".sqlite"
        database = try Self.openDatabase(path, folders: [directory, folder.deletingLastPathComponent(), folder])
        self.userID = userID
        self.file = URL(fileURLWithPath: path)
    }

    /// The cache's database at `path`. A file SQLite cannot read (damaged, say by the machine
    /// stopping while a new cache was made unsynced) is set aside as `….unreadable` and a new
    /// cache made: the server fills it again, where an unreadable one stopped every start.
    private static func openDatabase(_ path: String, folders: [URL]) throws -> Database {
        var configuration = Database.Configuration()
        // Only this process's sync engine writes the file; it publishes its own events.
        configuration.observesOtherProcesses = false
        // Nothing observes it: what changed is told by each write's outcome (`SyncOutcome`).
        configuration.recordsRowChanges = false
        // The server refills a cache: a new one is not synced while its schema is made.
        configuration.syncsWhileCreating = false
        let open = {
            try prepareOwnerOnly(path, in: folders)
            return try Database(path: path, migrations: CacheSchema.migrations, configuration: configuration)
        }
        do {
            return try open()
        } catch let error as SQLiteError where error.isUnreadableFile {
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
            guard rename(path, path + ".unreadable") == 0 else { throw error }
            return try open()
        }
    }

    /// `DIRECTORY/matrix/HOST_PORT`: one folder per homeserver (the crypto store uses the same
    /// layout below the session's folder).
    static func accountFolder(in directory: URL, homeserver: URL) -> URL {
        directory.appendingPathComponent("matrix").appendingPathComponent(Endpoint.encode("\(homeserver.host ?? "server")_\(homeserver.port ?? 0)"))
    }

    /// An account's files in that folder, without their extension (`@me%3Aserver`).
    static func accountBase(in directory: URL, homeserver: URL, userID: String) -> URL {
        accountFolder(in: directory, homeserver: homeserver).appendingPathComponent(Endpoint.encode(userID))
    }

    /// The cache holds messages, conversations and the outbox: its folders are 0700 and the file
    /// 0600 before SQLite opens it, whatever the umask (SQLite gives `-wal` and `-shm` the main
    /// file's mode). A cache left wider by an older tteok is narrowed here too.
    private static func prepareOwnerOnly(_ path: String, in folders: [URL]) throws {
        for folder in folders {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
        }
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw ChatError.storage("cannot create \(path): \(String(cString: strerror(errno)))") }
        fchmod(descriptor, 0o600)
        close(descriptor)
        for suffix in ["-wal", "-shm"] { chmod(path + suffix, 0o600) }
    }

    /// Whether `userID` has a cache file on `homeserver` (none: nothing was ever synced into one).
    static func exists(directory: URL, homeserver: URL, userID: String) -> Bool {
        FileManager.default.fileExists(atPath: accountBase(in: directory, homeserver: homeserver, userID: userID).path + ".sqlite")
    }

    /// Removes the file of a cache no longer wanted (a guest's, on log-out).
    static func remove(directory: URL, homeserver: URL, userID: String) {
        let base = accountBase(in: directory, homeserver: homeserver, userID: userID).path + ".sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: base + suffix) }
    }

    // MARK: Meta and account data

    func syncToken() async throws -> String? {
        try await database.read { try $0.scalar("SELECT value FROM meta WHERE key = 'sync_token'").string }
    }

    func meta(_ key: String) async throws -> String? {
        try await database.read { try $0.scalar("SELECT value FROM meta WHERE key = ?", [.text(key)]).string }
    }

    /// The member's display name and tteok's profile, in one read: the viewer is read before
    /// every first screen.
    /// The member's name and tteok profile as cached; the primed ones while the cache has no name.
    func ownProfile() async throws -> (displayName: String?, profile: TteokProfileContent?) {
        let stored = try await database.read { connection in
            (displayName: try connection.scalar("SELECT value FROM meta WHERE key = 'displayname'").string,
             profile: try MatrixCache.accountData(TteokProfileContent.type, as: TteokProfileContent.self, in: connection))
        }
        guard stored.displayName == nil, let primed = primedProfile.withLock({ $0 }) else { return stored }
        return (primed.displayName, primed.profile)
    }

    /// Answers `ownProfile` with `known` for as long as the cache holds no name of its own (the
    /// answer it was read from is being written with it, `apply(_:adopting:)`). A hint from an
    /// earlier run (`replacing` false) never replaces what this run's answer told.
    func prime(_ known: OwnProfile, replacing: Bool = true) {
        primedProfile.withLock { primed in
            if replacing || primed == nil { primed = known }
        }
    }

    func setMeta(_ key: String, _ value: String) async throws {
        try await database.write { _ = try $0.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(key), .text(value)]) }
    }

    func accountData<T: Decodable & Sendable>(_ type: String, as content: T.Type) async throws -> T? {
        try await database.read { try MatrixCache.accountData(type, as: content, in: $0) }
    }

    static func accountData<T: Decodable>(_ type: String, as content: T.Type, in connection: Connection) throws -> T? {
        let text = try connection.scalar("SELECT content FROM account_data WHERE type = ?", [.text(type)]).string
        return text.flatMap { try? JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }

    func setAccountData<T: Encodable>(_ type: String, _ content: T) async throws {
        let value = try JSONValue.from(content)
        try await database.write { try MatrixCache.storeAccountData(type, value, in: $0) }
        if type == Self.directType { forgetDirectRooms() }
    }

    /// Writes account data; the ignored list also refreshes the `ignored` table reads filter on.
    /// False when the content is what is stored already: each tteok of the account saves its
    /// profile on log-in, and every running one then heard "the viewer changed" and re-read its
    /// whole channel list and every badge, in the middle of a burst of messages too.
    @discardableResult
    static func storeAccountData(_ type: String, _ content: JSONValue, in connection: Connection) throws -> Bool {
        if let stored = try connection.scalar("SELECT content FROM account_data WHERE type = ?", [.text(type)]).string,
           (try? JSONDecoder().decode(JSONValue.self, from: Data(stored.utf8))) == content {
            return false
        }
        let text = try jsonText(content)
        _ = try connection.run("INSERT OR REPLACE INTO account_data (type, content) VALUES (?, ?)", [.text(type), .text(text)])
        guard type == "m.ignored_user_list" else { return true }
        _ = try connection.run("DELETE FROM ignored")
        for user in content.decode(as: IgnoredUsersContent.self)?.ignored_users.keys.sorted() ?? [] {
            _ = try connection.run("INSERT OR IGNORE INTO ignored (user_id) VALUES (?)", [.text(user)])
        }
        return true
    }

    static let directType = "m.direct"

    /// `m.direct`: the other person → their direct rooms.
    func directRooms() async throws -> [String: [String]] {
        let (generation, kept) = directMemo.withLock { ($0.generation, $0.rooms) }
        if let kept { return kept }
        let rooms = try await accountData(Self.directType, as: [String: [String]].self) ?? [:]
        // Kept only when no write forgot it meanwhile (the read may be older than that write).
        directMemo.withLock { if $0.generation == generation { $0.rooms = rooms } }
        return rooms
    }

    /// What the channel list is made of, in one read (three, one after the other, were as many
    /// trips through the database's queue before a cold start's first frame): every room, the
    /// joined spaces listing each listed room (`listingSpaces`), and `m.direct` (kept in memory).
    func listing() async throws -> Listing {
        if let kept = firstScreenSnapshot() { return kept.listing }
        let (generation, kept) = directMemo.withLock { ($0.generation, $0.rooms) }
        let (rooms, spaces, read) = try await database.read { connection in
            (try MatrixCache.listedRooms(in: connection), try MatrixCache.listingSpaces(in: connection),
             kept == nil ? try MatrixCache.directRooms(in: connection) : nil)
        }
        if let read { directMemo.withLock { if $0.generation == generation { $0.rooms = read } } }
        return (rooms, spaces, read ?? kept ?? [:])
    }

    /// What the channel list is made of: every room, the spaces listing each, and `m.direct`.
    typealias Listing = (rooms: [CachedRoom], spaces: [String: [String]], direct: [String: [String]])

    static func listedRooms(in connection: Connection) throws -> [CachedRoom] {
        try connection.query("SELECT * FROM rooms").map(CachedRoom.init(row:))
    }

    static func directRooms(in connection: Connection) throws -> [String: [String]] {
        try accountData(directType, as: [String: [String]].self, in: connection) ?? [:]
    }

    /// `m.direct` was stored: the next read reads it again.
    func forgetDirectRooms() {
        directMemo.withLock { $0 = ($0.generation + 1, nil) }
    }

    func ignoredUsers() async throws -> [String] {
        try await database.read { try $0.query("SELECT user_id FROM ignored ORDER BY user_id").compactMap { $0[0].string } }
    }
}

extension JSONValue {
    /// Any Encodable as a JSON value.
    static func from<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}
