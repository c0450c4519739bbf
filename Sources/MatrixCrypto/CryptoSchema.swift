import Storage

/// The crypto store's schema (its own file beside the account's cache). Every secret column
/// holds a libolm pickle, encrypted with the pickle key (`PickleKey`). Append-only steps.
enum CryptoSchema {
    static let migrations: [Migration] = [
        Migration(1, "Olm account, Olm and Megolm sessions, devices", sql: """
        -- this device's Olm account; one row. A new device id (a new login) replaces it.
        CREATE TABLE account (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            user_id TEXT NOT NULL, device_id TEXT NOT NULL, pickle TEXT NOT NULL
        );
        CREATE TABLE olm_sessions (
            session_id TEXT PRIMARY KEY, sender_key TEXT NOT NULL, pickle TEXT NOT NULL, last_used INTEGER NOT NULL
        );
        CREATE INDEX olm_sessions_by_key ON olm_sessions (sender_key, last_used);
        -- Megolm keys received: what decrypts a room's messages from one sending device
        CREATE TABLE inbound_group_sessions (
            session_id TEXT NOT NULL, sender_key TEXT NOT NULL, room_id TEXT NOT NULL,
            -- who shared it (the Olm message's sender) and the ed25519 key it claimed
            sender_user TEXT NOT NULL, claimed_ed25519 TEXT,
            first_index INTEGER NOT NULL, pickle TEXT NOT NULL,
            PRIMARY KEY (session_id, sender_key)
        );
        -- each (session, index) decrypts one event only: a second event at the same index is a replay
        CREATE TABLE megolm_indices (
            session_id TEXT NOT NULL, sender_key TEXT NOT NULL, message_index INTEGER NOT NULL,
            event_id TEXT NOT NULL, ts INTEGER NOT NULL,
            PRIMARY KEY (session_id, sender_key, message_index)
        );
        CREATE TABLE withheld (
            session_id TEXT NOT NULL, sender_key TEXT NOT NULL, room_id TEXT NOT NULL, code TEXT NOT NULL, reason TEXT,
            PRIMARY KEY (session_id, sender_key)
        );
        -- other devices, from /keys/query, their self-signature checked
        CREATE TABLE devices (
            user_id TEXT NOT NULL, device_id TEXT NOT NULL, curve25519 TEXT NOT NULL, ed25519 TEXT NOT NULL,
            PRIMARY KEY (user_id, device_id)
        );
        CREATE INDEX devices_by_curve ON devices (curve25519);
        -- this device's Megolm sessions, one per room (for sending)
        CREATE TABLE outbound_group_sessions (
            room_id TEXT PRIMARY KEY, pickle TEXT NOT NULL, created INTEGER NOT NULL
        );
        """),
        Migration(2, "sending: outbound session ids, message counts and who has each room key", sql: """
        -- the outbound session's id, when it was made and how many messages it encrypted (rotation)
        ALTER TABLE outbound_group_sessions ADD COLUMN session_id TEXT NOT NULL DEFAULT '';
        ALTER TABLE outbound_group_sessions ADD COLUMN messages INTEGER NOT NULL DEFAULT 0;
        -- the devices an outbound session's key went to; a device missing from the room's
        -- devices later (its user left, or it was removed) makes the session rotate
        CREATE TABLE outbound_shares (
            room_id TEXT NOT NULL, session_id TEXT NOT NULL, user_id TEXT NOT NULL, device_id TEXT NOT NULL,
            PRIMARY KEY (room_id, session_id, user_id, device_id)
        );
        -- users whose device list we keep: fresh after /keys/query, stale after device_lists.changed
        CREATE TABLE tracked_users (user_id TEXT PRIMARY KEY, stale INTEGER NOT NULL);
        """),
        Migration(3, "devices verified by emoji", sql: """
        -- a device the person verified (SAS), with the signing key it had then: the same device
        -- id with another key is not verified
        CREATE TABLE verified_devices (
            user_id TEXT NOT NULL, device_id TEXT NOT NULL, ed25519 TEXT NOT NULL, verified_at INTEGER NOT NULL,
            PRIMARY KEY (user_id, device_id)
        );
        """),
        Migration(4, "server-side key backup: which room keys are in which backup version", sql: """
        -- a room key uploaded to backup VERSION; a better copy of it (stored later) is uploaded again
        CREATE TABLE backed_up (
            session_id TEXT NOT NULL, sender_key TEXT NOT NULL, version TEXT NOT NULL,
            PRIMARY KEY (session_id, sender_key)
        );
        """),
        Migration(5, "this account's cross-signing keys", sql: """
        -- master, self_signing, user_signing: the public key and the seed, sealed with a key
        -- derived from the pickle key (SealedSeed); replaced as a whole when new ones are made
        CREATE TABLE cross_signing_keys (usage TEXT PRIMARY KEY, public_key TEXT NOT NULL, sealed_seed TEXT NOT NULL);
        """),
        Migration(6, "the account's secret storage key", sql: """
        -- kept once this device made or unlocked the secret storage, so that secrets made later (a
        -- backup key, new cross-signing keys) go into it without asking for the recovery key again;
        -- the key sealed as the cross-signing seeds are, its description as canonical JSON
        CREATE TABLE secret_storage_key (
            id INTEGER PRIMARY KEY CHECK (id = 1), key_id TEXT NOT NULL, description TEXT NOT NULL, sealed_key TEXT NOT NULL
        );
        """),
        Migration(7, "other users' cross-signing keys and the identities the person verified", sql: """
        -- what a user publishes (/keys/query), signatures checked: the master key, its object as
        -- published (signed after a verification) and the self-signing key it vouches for
        CREATE TABLE user_identities (
            user_id TEXT PRIMARY KEY, master TEXT NOT NULL, master_json TEXT NOT NULL, self_signing TEXT
        );
        -- the master key of a user the person verified: another one published later is "changed"
        CREATE TABLE trusted_identities (user_id TEXT PRIMARY KEY, master TEXT NOT NULL, trusted_at INTEGER NOT NULL);
        -- the self-signing key whose valid signature the device's keys carry (cross-signed)
        ALTER TABLE devices ADD COLUMN self_signed_by TEXT;
        """),
        Migration(8, "room keys asked of this person's other devices", sql: """
        -- an m.room_key_request sent and not cancelled yet: only a key asked for is taken when
        -- another device forwards it
        CREATE TABLE key_requests (
            session_id TEXT NOT NULL, sender_key TEXT NOT NULL, room_id TEXT NOT NULL, request_id TEXT NOT NULL,
            PRIMARY KEY (session_id, sender_key)
        );
        """),
        Migration(9, "whether this device's keys are on the server", sql: """
        -- the curve25519 key of the account whose device keys the server took: kept with the
        -- account (a new device replaces the row), so a deleted cache does not publish them again
        ALTER TABLE account ADD COLUMN published_keys TEXT;
        """),
    ]
}
