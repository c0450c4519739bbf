import Foundation
import TestSupport
import XCTest

extension TteokUser {
    /// A new account on the test homeserver, logged in by the real binary in its own HOME under
    /// `directory`, and the account (to invite it, to compare ids).
    static func matrixMember(in directory: TemporaryDirectory, server: URL, line: UInt = #line) async throws -> (TteokUser, SynapseUser) {
        let user = try await SynapseUser.register(on: server)
        let tteok = try TteokUser(home: directory.file("home-\(user.localpart)"), backendArguments: ["--homeserver", server.absoluteString])
        let login = try tteok.run(["login", "--username", user.localpart, "--password-stdin"], stdin: "\(user.password)\n")
        XCTAssertEqual(login.status, 0, "\(login)", line: line)
        return (tteok, user)
    }
}
