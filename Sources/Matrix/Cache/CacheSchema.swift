import Storage

/// The per-account cache file's schema. Append-only steps, like every Storage schema.
enum CacheSchema {
    static let migrations: [Migration] = [
        Migration(1, "rooms, events, members, account data", sql: """
        CREATE TABLE rooms (
            room_id TEXT PRIMARY KEY,
            name TEXT, alias TEXT, topic TEXT NOT NULL DEFAULT '',
            -- 'join', 'invite', 'leave', or '' for a room known only from the directory
            membership TEXT NOT NULL DEFAULT '',
            in_directory INTEGER NOT NULL DEFAULT 0,
            world_readable INTEGER NOT NULL DEFAULT 0,
            guest_can_join INTEGER NOT NULL DEFAULT 0,
            power_levels TEXT,
            -- the server's count; NULL when it has none for this room
            notification_count INTEGER,
            -- how to reach history older than the oldest cached event: 0 from the live end,
            -- 1 from back_token, 2 nothing older exists
            back_state INTEGER NOT NULL DEFAULT 0,
            back_token TEXT,
            read_event_id TEXT
        );
        CREATE TABLE events (
            event_id TEXT PRIMARY KEY,
            room_id TEXT NOT NULL,
            -- order within the room: live events count up, back-paged events count down
            seq INTEGER NOT NULL,
            sender TEXT NOT NULL,
            ts INTEGER NOT NULL,
            msgtype TEXT NOT NULL,
            body TEXT NOT NULL,
            url TEXT, mimetype TEXT, size INTEGER, width INTEGER, height INTEGER,
            UNIQUE (room_id, seq)
        );
        CREATE INDEX events_by_sender ON events (sender, ts);
        CREATE TABLE members (
            room_id TEXT NOT NULL, user_id TEXT NOT NULL, display_name TEXT, membership TEXT NOT NULL,
            -- origin_server_ts of the member event: a newer event replaces, an older one never does
            ts INTEGER NOT NULL,
            PRIMARY KEY (room_id, user_id)
        );
        CREATE TABLE account_data (type TEXT PRIMARY KEY, content TEXT NOT NULL);
        CREATE TABLE ignored (user_id TEXT PRIMARY KEY);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """),
        Migration(2, "outbox and transaction ids of own events", sql: """
        -- the transaction id an own event was sent with (also the message's id in tteok, so a
        -- pending message and its delivered event are one message)
        ALTER TABLE events ADD COLUMN txn_id TEXT;
        CREATE INDEX events_by_txn ON events (txn_id) WHERE txn_id IS NOT NULL;
        -- messages written before any request and kept until the server acknowledges them
        CREATE TABLE outbox (
            txn_id TEXT PRIMARY KEY,
            room_id TEXT NOT NULL,
            content TEXT NOT NULL,
            created INTEGER NOT NULL,
            -- NULL while pending; the reason once the server refused it for good
            failure TEXT
        );
        """),
        Migration(3, "end-to-end encrypted rooms", sql: """
        -- 1 once the room has an m.room.encryption state event; never set back to 0 (encryption
        -- cannot be turned off), so nothing is ever sent there as plaintext
        ALTER TABLE rooms ADD COLUMN encrypted INTEGER NOT NULL DEFAULT 0;
        """),
        Migration(4, "encrypted events kept until their key arrives", sql: """
        -- the ciphertext of each cached placeholder, so it is decrypted in place when its Megolm
        -- key arrives later; why it is still undecrypted is kept for the placeholder
        CREATE TABLE undecrypted (
            event_id TEXT PRIMARY KEY, room_id TEXT NOT NULL, session_id TEXT NOT NULL,
            sender TEXT NOT NULL, ts INTEGER NOT NULL, content TEXT NOT NULL, reason TEXT NOT NULL
        );
        CREATE INDEX undecrypted_by_session ON undecrypted (session_id);
        """),
        Migration(5, "encrypted messages in the outbox", sql: """
        -- the m.room.encrypted content a message in an encrypted room is sent as, made once
        -- before its first send and kept, so every retry sends the same ciphertext under the
        -- same transaction id; NULL for rooms without encryption (content is sent as it is)
        ALTER TABLE outbox ADD COLUMN encrypted TEXT;
        """),
        Migration(6, "full-text search index over message bodies", sql: MatrixCache.searchSchema),
        Migration(7, "relations: replies, edits, reactions, redactions, threads", sql: """
        -- the event a message answers (m.in_reply_to; not a thread reply's fallback)
        ALTER TABLE events ADD COLUMN reply_to TEXT;
        -- the root of the thread a message is in: shown in the thread, never in the room's timeline
        ALTER TABLE events ADD COLUMN thread_root TEXT;
        -- 1 once deleted: its content is gone for good
        ALTER TABLE events ADD COLUMN redacted INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX events_by_thread ON events (thread_root) WHERE thread_root IS NOT NULL;
        -- edits (m.replace, with the new content) and reactions (m.annotation, with the key):
        -- events that change a message and are no line of their own
        CREATE TABLE relations (
            event_id TEXT PRIMARY KEY,
            room_id TEXT NOT NULL,
            target TEXT NOT NULL,
            rel_type TEXT NOT NULL,
            sender TEXT NOT NULL,
            ts INTEGER NOT NULL,
            key TEXT,
            msgtype TEXT,
            body TEXT
        );
        CREATE INDEX relations_by_target ON relations (target, rel_type);
        -- originals of replies that are not in the cached timeline, fetched by id; available = 0
        -- when the server would not give it
        CREATE TABLE quoted (
            event_id TEXT PRIMARY KEY,
            room_id TEXT NOT NULL,
            sender TEXT NOT NULL DEFAULT '',
            body TEXT NOT NULL DEFAULT '',
            redacted INTEGER NOT NULL DEFAULT 0,
            available INTEGER NOT NULL DEFAULT 1
        );
        -- timelines cached before relations hold edits and reactions as lines: read them afresh
        DELETE FROM events;
        UPDATE rooms SET back_state = 0, back_token = NULL;
        """),
        Migration(8, "read state at the newest event seen", sql: """
        -- the newest event of the room's live timeline, whatever its kind (a reaction, a thread
        -- reply, a state change): the read receipt and m.fully_read point here, or the server's
        -- unread count never clears
        ALTER TABLE rooms ADD COLUMN newest_event_id TEXT;
        """),
        Migration(9, "invitations: who invited, and whether to a direct conversation", sql: """
        -- set while membership = 'invite', from the invite's own member event
        ALTER TABLE rooms ADD COLUMN inviter TEXT;
        ALTER TABLE rooms ADD COLUMN invite_direct INTEGER NOT NULL DEFAULT 0;
        -- the viewer's own join event: the server puts an implicit receipt there, which marks
        -- nothing read (a direct conversation's first messages are still new once it is accepted)
        ALTER TABLE rooms ADD COLUMN own_join_event_id TEXT;
        """),
        Migration(10, "the sending device of each decrypted event", sql: """
        -- the Megolm sender_key (the sending device's curve25519 key) of an event decrypted here:
        -- how far to trust its sender is decided when it is shown, as verifications change
        CREATE TABLE sender_devices (event_id TEXT PRIMARY KEY, sender_key TEXT NOT NULL);
        """),
        Migration(11, "formatted bodies", sql: """
        -- formatted_body of a message in org.matrix.custom.html (read capped, drawn from an allow-list)
        ALTER TABLE events ADD COLUMN formatted TEXT;
        """),
        Migration(12, "formatted edits; file names apart from captions", sql: """
        -- an edit's m.new_content formatted_body (org.matrix.custom.html), drawn as the original's is
        ALTER TABLE relations ADD COLUMN formatted TEXT;
        -- an attachment's filename (spec v1.10) when its sender gave one: the body is then a caption
        ALTER TABLE events ADD COLUMN filename TEXT;
        """),
        Migration(13, "quoted room changes", sql: """
        -- a fetched original's msgtype: a membership or room change (tteok.room_change) is quoted
        -- as the change it makes, never as its encoded body; NULL for originals fetched before
        ALTER TABLE quoted ADD COLUMN msgtype TEXT;
        """),
        Migration(14, "names at the time of writing", sql: """
        -- the sender's display name in the room's member state at this event ('' for none): a
        -- message keeps the name it was written under; NULL for events cached before, or whose
        -- sender's member state was not known (the member's current name is shown for those)
        ALTER TABLE events ADD COLUMN sender_name TEXT;
        """),
        Migration(15, "spaces: room types and the rooms a space lists", sql: """
        -- m.room.create's type ('m.space' for a space; NULL for an ordinary room)
        ALTER TABLE rooms ADD COLUMN room_type TEXT;
        -- the space's m.space.child events with a non-empty via: only the space's own moderators
        -- write them, so they decide which rooms are listed under it (a room's m.space.parent is
        -- its own claim, and is not taken)
        CREATE TABLE space_children (space TEXT NOT NULL, child TEXT NOT NULL, PRIMARY KEY (space, child));
        -- the rooms synced before this step never told their type: sync afresh once, so every
        -- joined room's state (its m.room.create and a space's children) comes again
        DELETE FROM meta WHERE key = 'sync_token';
        """),
        Migration(16, "a thread's own unread count", sql: """
        -- the server's unread count per thread (unread_thread_notifications, MSC3773): replies in
        -- the thread since this account's threaded receipt there; a thread without one has no row
        CREATE TABLE thread_unread (room_id TEXT NOT NULL, root TEXT NOT NULL, count INTEGER NOT NULL,
                                    PRIMARY KEY (room_id, root));
        -- rooms.newest_event_id is now the newest event outside every thread (where the main
        -- timeline's receipt goes): the one kept before may be a thread reply
        UPDATE rooms SET newest_event_id = NULL;
        """),
        Migration(17, "new events indexed for search by the insert, not a trigger", sql: """
        -- MatrixCache.insert indexes each new text-like event itself (indexForSearch): with the
        -- trigger, FTS5 flushed its pending terms to a new segment at every insert of a sync
        -- answer; deletions and in-place updates keep their triggers
        DROP TRIGGER IF EXISTS event_search_insert;
        """),
        Migration(18, "our sends not yet seen in a sync", sql: """
        -- MatrixCache+UnseenSends: our messages stored from their send's answer, before the sync
        -- answers that may still lack them; a sync's new messages go before them meanwhile
        CREATE TABLE unseen_sends (event_id TEXT PRIMARY KEY, room_id TEXT NOT NULL, answers_left INTEGER NOT NULL);
        """),
    ]
}
