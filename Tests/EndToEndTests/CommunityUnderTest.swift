import Foundation
import TestSupport
import XCTest

/// The community one end-to-end test runs on: a fresh embedded store file, or the worktree's
/// Synapse (`--homeserver`). Scenarios are written once against this and run on both; what
/// differs between the backends (how an account is named, where channels come from) is here.
final class CommunityUnderTest {
    enum Backend: CustomStringConvertible {
        case embedded(store: URL)
        case matrix(server: URL)

        var description: String {
            switch self {
            case .embedded: return "embedded"
            case .matrix: return "matrix"
            }
        }
    }

    /// A signed-up account: what its owner types to log in, and the nickname others see.
    struct Account {
        let person: TteokUser
        let identifier: String
        let password: String
        let nickname: String
    }

    let backend: Backend
    let directory: TemporaryDirectory
    private var terminals: [TerminalUnderTest] = []
    private var people = 0

    static func embedded() throws -> CommunityUnderTest {
        let directory = try TemporaryDirectory(prefix: "e2e-embedded")
        return CommunityUnderTest(.embedded(store: directory.file("community.sqlite")), directory)
    }

    static func matrix() throws -> CommunityUnderTest {
        CommunityUnderTest(.matrix(server: try SynapseServer.url()), try TemporaryDirectory(prefix: "e2e-matrix"))
    }

    private init(_ backend: Backend, _ directory: TemporaryDirectory) {
        self.backend = backend
        self.directory = directory
    }

    var isMatrix: Bool {
        if case .matrix = backend { return true }
        return false
    }

    var backendArguments: [String] {
        switch backend {
        case .embedded(let store): return ["--store", store.path]
        case .matrix(let server): return ["--homeserver", server.absoluteString]
        }
    }

    /// Ends every terminal this community started.
    func close() {
        terminals.forEach { $0.close() }
        terminals = []
    }

    // MARK: People

    /// Someone at their own shell, with a `HOME` of their own (so a session of their own).
    func person(_ name: String) throws -> TteokUser {
        people += 1
        return try TteokUser(home: directory.file("home-\(people)-\(name)"), backendArguments: backendArguments)
    }

    /// A fresh account name: an email on the embedded community, a Matrix user name on Matrix.
    func newIdentifier(_ name: String) -> String {
        let unique = SynapseServer.randomName(name)
        return isMatrix ? unique : "\(unique)@example.com"
    }

    /// Signs `person` up with `tteok signup` (terms accepted) and keeps the session.
    func signUp(_ person: TteokUser, _ name: String, nickname: String, region: String? = nil,
                file: StaticString = #filePath, line: UInt = #line) throws -> Account {
        let identifier = newIdentifier(name)
        let password = "correct horse \(name) battery"
        var arguments = ["signup", isMatrix ? "--username" : "--email", identifier, "--password-stdin", "--accept-terms", "--nickname", nickname]
        if let region { arguments += ["--region", region] }
        let result = try person.run(arguments, stdin: password + "\n")
        XCTAssertEqual(result.status, 0, "signup: \(result)", file: file, line: line)
        return Account(person: person, identifier: identifier, password: password, nickname: nickname)
    }

    /// A signed-in member with no nickname. On Matrix, Synapse names every new account after
    /// its user name, so the account is made outside tteok with the display name cleared (as
    /// another client could) and tteok logs in to it; its terms are then still to accept.
    func namelessMember(file: StaticString = #filePath, line: UInt = #line) async throws -> Account {
        let person = try self.person("nameless")
        let identifier = newIdentifier("nameless")
        let password = "correct horse nameless battery"
        switch backend {
        case .embedded:
            let result = try person.run(["signup", "--email", identifier, "--password-stdin", "--accept-terms"], stdin: password + "\n")
            XCTAssertEqual(result.status, 0, "signup: \(result)", file: file, line: line)
        case .matrix(let server):
            try await SynapseUser.register(on: server, name: identifier, password: password).setDisplayName("")
            let result = try person.run(["login", "--username", identifier, "--password-stdin"], stdin: password + "\n")
            XCTAssertEqual(result.status, 0, "login: \(result)", file: file, line: line)
        }
        return Account(person: person, identifier: identifier, password: password, nickname: "")
    }

    /// A member with a nickname, ready to post.
    func member(_ name: String, region: String? = nil) throws -> Account {
        let nickname = name.capitalized + String(Int.random(in: 100...999))
        return try signUp(try person(name), name, nickname: nickname, region: region)
    }

    // MARK: Channels

    /// A channel that guests can read and members can post in: the embedded community's
    /// `lobby`, or a new public, world-readable room that guests can join.
    func openChannel(_ label: String = "room") async throws -> String {
        switch backend {
        case .embedded: return "lobby"
        case .matrix(let server): return try await newRoom(label, on: server)
        }
    }

    /// Channels that will show the badges `10+`, `3` and none to a member new to them, after
    /// `poster` (a member of region 강남구) has posted. Embedded: lobby already holds the welcome
    /// message, 강남구 is the poster's region, help stays empty. Matrix: three new rooms.
    func badgeChannels(poster: Account) async throws -> (tenPlus: String, three: String, none: String) {
        let channels: (String, String, String)
        switch backend {
        case .embedded:
            channels = ("lobby", "강남구", "help")
        case .matrix(let server):
            channels = (try await newRoom("m", on: server), try await newRoom("t", on: server), try await newRoom("q", on: server))
        }
        let tenPlusCount = isMatrix ? 12 : 11  // + the embedded welcome message: more than ten either way
        try post((1...tenPlusCount).map { "badge \($0)" }, in: channels.0, as: poster)
        try post((1...3).map { "three \($0)" }, in: channels.1, as: poster)
        return channels
    }

    /// Posts each line as one message with `tteok post` (another process, as another member).
    func post(_ lines: [String], in channel: String, as account: Account, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try account.person.run(["post", channel], stdin: lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, "post: \(result)", file: file, line: line)
    }

    /// The number of messages `reader` gets from `tteok read CHANNEL --json`.
    func messageCount(in channel: String, readBy reader: Account, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let result = try reader.person.run(["read", channel, "--json", "--limit", "1000"])
        XCTAssertEqual(result.status, 0, "read: \(result)", file: file, line: line)
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        return rows?.count ?? -1
    }

    /// A public room of another Matrix user. Its name sorts before every room earlier tests left
    /// in the test server's directory (digits before letters, newer rooms lower), so it is on the
    /// first screen of the channel list. Short, so the list shows it whole beside a badge.
    private func newRoom(_ label: String, on server: URL) async throws -> String {
        let owner = try await SynapseUser.register(on: server)
        let newerIsSmaller = 9_999_999_999 - Int(Date().timeIntervalSince1970)
        let name = "0\(newerIsSmaller)-\(label)"
        _ = try await owner.createRoom(name: name, public: true, worldReadable: true, guestsCanJoin: true)
        return name
    }

    // MARK: Terminals

    /// Starts `tteok ARGUMENTS` for `person` in a terminal of its own.
    func terminal(_ person: TteokUser, _ arguments: [String], width: Int = 80, height: Int = 24) throws -> TerminalUnderTest {
        let terminal = try TerminalUnderTest(person, arguments, width: width, height: height,
                                             stderr: directory.file("stderr-\(terminals.count)"))
        terminals.append(terminal)
        return terminal
    }
}
