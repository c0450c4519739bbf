import Storage

/// The community file's schema, as append-only numbered steps. Never edit a released step:
/// add a new one.
enum CommunitySchema {
    static let migrations = [
        Migration(1, "accounts, channels, messages, markers, safety", sql: version1),
        Migration(2, "demo community", apply: DemoCommunity.seed),
        Migration(3, "activity by channel and time", sql: version3),
        Migration(4, "sessions bound to a Unix user; posts with client ids", sql: version4),
        Migration(5, "channel list order and region in indexed keys", apply: ChannelKeys.migrate),
        Migration(6, "full-text search index over message bodies", sql: MessageSearchIndex.schema),
        Migration(7, "relations: replies, edits, reactions, deletions, emotes", sql: version7),
        Migration(8, "attachments: files, videos and sounds beside images", sql: version8),
        Migration(9, "moderation: moderators, mutes and bans, archived channels, terms versions", sql: version9),
        Migration(10, "threads: replies kept under the message that started them", sql: version10),
        Migration(11, "names at the time of writing", sql: version11),
        Migration(12, "a channel's posters, for its member list", sql: version12),
        Migration(13, "a read marker per thread", sql: version13),
    ]

    /// How far each member has seen each thread in its view, so a root counts the replies new
    /// to them. Replies stored before this step count as seen (`thread_reads_start`, one row),
    /// so existing threads do not all turn up as new; one row instead of a row per member and
    /// thread keeps the step instant on a large file.
    private static let version13 = """
        CREATE TABLE thread_reads(
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            root_id INTEGER NOT NULL REFERENCES messages(id),
            last_read_id INTEGER NOT NULL,
            PRIMARY KEY (user_id, root_id)
        ) WITHOUT ROWID;
        CREATE TABLE thread_reads_start(message_id INTEGER NOT NULL);
        INSERT INTO thread_reads_start SELECT coalesce(max(id), 0) FROM messages;
        """

    /// The member list walks a channel's distinct posters one probe each (`LocalCommunity+Members`)
    /// instead of reading every message of the channel.
    private static let version12 = """
        CREATE INDEX messages_by_sender_in_channel ON messages(channel_id, sender_id);
        """

    /// The nickname a message was written under: a rename changes who the member is now, not
    /// what older messages were signed with. NULL for messages stored before this step (the
    /// sender's current nickname is shown for those).
    private static let version11 = """
        ALTER TABLE messages ADD COLUMN sender_nickname TEXT;
        """

    /// A thread reply names its root; the chat's pages leave such rows out and the root counts
    /// them through the partial index (one probe per message shown).
    private static let version10 = """
        ALTER TABLE messages ADD COLUMN thread_root INTEGER REFERENCES messages(id);
        CREATE INDEX messages_by_thread ON messages(thread_root, id) WHERE thread_root IS NOT NULL;
        """

    /// The `images` table holds every attachment's bytes; `kind` says which it is (a picture is
    /// previewed, a file only saved). The name stays: a released table is never renamed.
    private static let version8 = """
        ALTER TABLE images ADD COLUMN kind TEXT NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'file', 'video', 'audio'));
        """

    /// What moderators decide. `messages.deleted` (step 7) now says who deleted: 1 its sender,
    /// 2 a moderator. A mute or ban is one row per member and kind (lifting deletes it; `until`
    /// NULL lasts until lifted). `terms` holds the versions moderators published after the
    /// shipped one (`CommunityTerms.currentVersion`): the newest is what members agree to.
    private static let version9 = """
        CREATE TABLE moderators(
            email_key TEXT PRIMARY KEY,
            email TEXT NOT NULL,
            added_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
            created_at REAL NOT NULL
        );
        CREATE TABLE sanctions(
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('mute', 'ban')),
            reason TEXT NOT NULL,
            moderator_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
            created_at REAL NOT NULL,
            until REAL,
            PRIMARY KEY (user_id, kind)
        );
        ALTER TABLE channels ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE terms(
            version INTEGER PRIMARY KEY,
            body TEXT NOT NULL,
            published_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
            published_at REAL NOT NULL
        );
        """

    /// The service binds each session to the Unix user (uid) that made it, so a token copied to
    /// another user is refused; a client's outbox id makes a resent post land once. Sessions
    /// made before this step have no uid: the service refuses them (sign in again), the direct
    /// file accepts them as before.
    private static let version4 = """
        ALTER TABLE sessions ADD COLUMN uid INTEGER;
        ALTER TABLE messages ADD COLUMN client_id TEXT;
        CREATE UNIQUE INDEX messages_client ON messages(sender_id, client_id) WHERE client_id IS NOT NULL;
        """

    /// A message's relations. `message_changes` logs every message changed after it was stored
    /// (edited, deleted, reacted to), so the live feed of every process re-reads exactly those.
    private static let version7 = """
        ALTER TABLE messages ADD COLUMN reply_to INTEGER REFERENCES messages(id);
        ALTER TABLE messages ADD COLUMN edited_at REAL;
        ALTER TABLE messages ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE messages ADD COLUMN kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'emote'));
        CREATE TABLE reactions(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            message_id INTEGER NOT NULL REFERENCES messages(id),
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            created_at REAL NOT NULL,
            UNIQUE (message_id, user_id, key)
        );
        CREATE TABLE message_changes(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            message_id INTEGER NOT NULL REFERENCES messages(id)
        );
        """

    /// Discover counts a channel's messages since a time with one lookup per channel
    /// (first message at or after the time, then sequence arithmetic) instead of a scan.
    private static let version3 = """
        DROP INDEX messages_time;
        CREATE INDEX messages_channel_time ON messages(channel_id, sent_at);
        """

    /// Ids that scripts and the live feed rely on only ever grow (AUTOINCREMENT), and every
    /// table is a rowid table so Storage's change hook sees its writes.
    private static let version1 = """
        CREATE TABLE users(
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL,
            email_key TEXT NOT NULL UNIQUE,      -- lower-cased email: unique case-insensitively
            password_hash TEXT,                  -- yescrypt; NULL for accounts that cannot log in
            nickname TEXT NOT NULL DEFAULT '',
            region TEXT,
            terms_version INTEGER,
            created_at REAL NOT NULL
        );
        CREATE TABLE sessions(
            id INTEGER PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,     -- digest of the token; the token lives in the session file
            user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,  -- NULL for a guest session
            created_at REAL NOT NULL
        );
        CREATE TABLE channels(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('region', 'open', 'direct')),
            region TEXT,
            topic TEXT NOT NULL DEFAULT '',
            member_low INTEGER REFERENCES users(id),   -- direct conversations: the two members,
            member_high INTEGER REFERENCES users(id),  -- smaller id first
            created_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX channels_name ON channels(name) WHERE kind != 'direct';
        CREATE UNIQUE INDEX channels_pair ON channels(member_low, member_high) WHERE kind = 'direct';
        CREATE INDEX channels_member_high ON channels(member_high) WHERE kind = 'direct';
        CREATE TABLE images(
            id INTEGER PRIMARY KEY,
            file_name TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            byte_count INTEGER NOT NULL,
            width INTEGER,
            height INTEGER,
            data BLOB NOT NULL
        );
        CREATE TABLE messages(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel_id INTEGER NOT NULL REFERENCES channels(id),
            seq INTEGER NOT NULL,                -- 1, 2, 3… within the channel: unread = last seq − seen seq
            sender_id INTEGER NOT NULL REFERENCES users(id),
            sent_at REAL NOT NULL,
            body TEXT NOT NULL DEFAULT '',
            image_id INTEGER REFERENCES images(id)
        );
        CREATE INDEX messages_channel ON messages(channel_id, id);
        CREATE INDEX messages_sender ON messages(sender_id, id);
        CREATE INDEX messages_time ON messages(sent_at, channel_id);
        CREATE TABLE read_markers(
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            channel_id INTEGER NOT NULL REFERENCES channels(id),
            last_read_id INTEGER NOT NULL,
            last_read_seq INTEGER NOT NULL,
            PRIMARY KEY (user_id, channel_id)
        );
        CREATE TABLE blocks(
            blocker_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            blocked_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            PRIMARY KEY (blocker_id, blocked_id)
        );
        CREATE INDEX blocks_blocked ON blocks(blocked_id);
        CREATE TABLE reports(
            id INTEGER PRIMARY KEY,
            reporter_id INTEGER NOT NULL REFERENCES users(id),
            message_id INTEGER NOT NULL REFERENCES messages(id),
            channel_id INTEGER NOT NULL REFERENCES channels(id),
            reason TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        """
}
