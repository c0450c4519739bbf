/// One numbered schema step. Steps are append-only: a released step never changes, a new one is added.
public struct Migration: Sendable {
    /// 1, 2, 3, … in order; stored in `PRAGMA user_version` once applied.
    public let version: Int
    public let name: String
    let apply: @Sendable (Connection) throws -> Void

    public init(_ version: Int, _ name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }

    /// A step that runs SQL text.
    public init(_ version: Int, _ name: String, sql: String) {
        self.init(version, name) { try $0.execute(sql) }
    }
}

/// Why a file could not be brought to the current schema.
public enum MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The steps are not numbered 1, 2, 3, … without gaps.
    case badNumbering([Int])
    /// The file was written by a newer program that knows more steps than this one.
    case fileIsNewer(fileVersion: Int, knownVersion: Int)

    public var description: String {
        switch self {
        case .badNumbering(let versions): return "migrations must be numbered 1…n, got \(versions)"
        case .fileIsNewer(let file, let known):
            return "the file has schema version \(file), newer than this program's \(known); update tteok"
        }
    }
}

/// Applies the missing steps, each in its own write transaction. With no steps at all the file is
/// opened as it is (inspection, tests), whatever its version.
///
/// The version is re-read inside each transaction, so several processes opening a new file at
/// once apply every step exactly once.
enum Migrator {
    static func migrate(_ database: Database, steps: [Migration]) throws {
        guard !steps.isEmpty else { return }
        let versions = steps.map(\.version)
        guard versions.enumerated().allSatisfy({ $0.offset + 1 == $0.element }) else {
            throw MigrationError.badNumbering(versions)
        }
        for step in steps {
            try database.writeSync { connection in
                let current = try userVersion(connection)
                guard current <= steps.count else {
                    throw MigrationError.fileIsNewer(fileVersion: current, knownVersion: steps.count)
                }
                guard current < step.version else { return }
                try step.apply(connection)
                try connection.execute("PRAGMA user_version = \(step.version)")
            }
        }
        let final = try database.readSync { try userVersion($0) }
        if final > steps.count { throw MigrationError.fileIsNewer(fileVersion: final, knownVersion: steps.count) }
    }

    static func userVersion(_ connection: Connection) throws -> Int {
        try connection.scalar("PRAGMA user_version").int ?? 0
    }
}
