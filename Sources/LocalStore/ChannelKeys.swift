import ChatCore
import FoundationEssentials
import Storage

/// The keys that let the channel list be read a page at a time from an index, however many
/// channels the file holds: `sort_key` (`NameOrder.sortKey` of the name, so SQL's order is the
/// list's) and `region_key` (a region channel's region as `PostingRule.sameRegion` compares it).
/// Computed in Swift when a channel is written; rows written without them (by an older tteok or
/// straight into the file) are keyed when a store opens the file.
enum ChannelKeys {
    static func sortKey(_ name: String) -> String { NameOrder.sortKey(name) }

    /// Lower-cased and composed: two regions are the same region exactly when their keys are equal.
    static func regionKey(_ region: String) -> String { Normalization.nfc(region.lowercased()) }

    /// Migration 4: the columns, their indexes, and keys for the channels already there.
    static func migrate(_ connection: Connection) throws {
        try connection.execute("""
            ALTER TABLE channels ADD COLUMN sort_key TEXT;
            ALTER TABLE channels ADD COLUMN region_key TEXT;
            CREATE INDEX channels_order ON channels(sort_key, id) WHERE kind != 'direct';
            CREATE INDEX channels_region ON channels(region_key, sort_key, id) WHERE kind = 'region';
            CREATE INDEX channels_unkeyed ON channels(id) WHERE sort_key IS NULL AND kind != 'direct';
            """)
        while try fillBatch(connection) > 0 {}
    }

    /// Keys channels that have none yet, in transactions of `batch` rows, so a file someone
    /// filled with a million unkeyed channels is keyed once with bounded memory. Cheap when all
    /// are keyed: one lookup in the partial index of unkeyed rows.
    static func fillMissing(_ database: Database) throws {
        guard try database.readSync(hasUnkeyed) else { return }
        while try database.writeSync(fillBatch) > 0 {}
    }

    /// True when some listed channel has no keys yet (one lookup in a partial index).
    static func hasUnkeyed(_ connection: Connection) throws -> Bool {
        try connection.queryRow(unkeyed + " LIMIT 1") != nil
    }

    private static let unkeyed = "SELECT id, name, region, kind FROM channels WHERE sort_key IS NULL AND kind != 'direct'"

    /// Keys up to 10,000 unkeyed channels; how many it keyed.
    static func fillBatch(_ connection: Connection) throws -> Int {
        let rows = try connection.query(unkeyed + " LIMIT 10000")
        for row in rows {
            let name = row["name"].string ?? ""
            // A region channel without a region is its name's region, as `CommunitySQL.channel` reads it.
            let region = row["kind"].string == "region" ? regionKey(row["region"].string ?? name) : nil
            _ = try connection.run("UPDATE channels SET sort_key = ?, region_key = ? WHERE id = ?",
                                   [.text(sortKey(name)), SQLValue(region), row["id"]])
        }
        return rows.count
    }
}
