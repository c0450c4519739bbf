import Foundation

extension TteokUser {
    /// A member of the embedded community at `store`, signed up by the real binary as
    /// `name@example.com` with nickname `name` in 마포구, terms accepted; a refused sign-up throws
    /// with what the binary said, so the test that asked fails there.
    public static func signedUpMember(_ name: String, in directory: TemporaryDirectory, store: String) throws -> TteokUser {
        try signedUpMember(name, in: directory, backendArguments: ["--store", store])
    }

    /// The same member of the community `backendArguments` name (e.g. `--socket PATH`).
    public static func signedUpMember(_ name: String, in directory: TemporaryDirectory, backendArguments: [String]) throws -> TteokUser {
        let person = try TteokUser(home: directory.file("home-\(name)"), backendArguments: backendArguments)
        let signup = try person.run(["signup", "--email", "\(name)@example.com", "--password-stdin", "--nickname", name,
                                     "--region", "마포구", "--accept-terms"], stdin: "correct horse\n")
        guard signup.status == 0 else {
            throw NSError(domain: "TteokUser", code: Int(signup.status), userInfo: [NSLocalizedDescriptionKey: "sign-up of \(name) failed: \(signup)"])
        }
        return person
    }
}

extension TteokUser {
    /// A new account on the homeserver at `server`, signed up by the real binary (nickname
    /// `nickname`, terms accepted, password `correct horse battery`), and its Matrix user id;
    /// a refused sign-up throws with what the binary said.
    public static func signedUpMatrixMember(_ nickname: String, in directory: TemporaryDirectory, server: URL) throws -> (TteokUser, String) {
        let person = try TteokUser(home: directory.file("home-\(nickname.lowercased())"), backendArguments: ["--homeserver", server.absoluteString])
        let signup = try person.run(["signup", "--username", SynapseServer.randomName(nickname.lowercased()), "--password-stdin",
                                     "--nickname", nickname, "--accept-terms"], stdin: "correct horse battery\n")
        let whoami = try person.run(["whoami", "--json"])
        guard signup.status == 0, let account = try? JSONSerialization.jsonObject(with: Data(whoami.stdout.utf8)) as? [String: Any],
              let id = account["id"] as? String else {
            throw NSError(domain: "TteokUser", code: Int(signup.status),
                          userInfo: [NSLocalizedDescriptionKey: "sign-up of \(nickname) failed: \(signup) \(whoami)"])
        }
        return (person, id)
    }
}
