import ChatCore
import Foundation
import LocalStore

/// A community file in its own temporary directory, opened as any number of users — each
/// `LocalCommunity` instance with its own session file, as separate people would have.
public final class TestCommunity: Sendable {
    public let directory: TemporaryDirectory

    public init() throws { directory = try TemporaryDirectory(prefix: "community") }

    public var storeURL: URL { directory.file("community.sqlite") }

    /// Where user `name` keeps their session.
    public func sessionFile(for name: String) -> URL { directory.file("sessions/\(name).json") }

    /// A new instance on the shared file, as user `name`.
    public func open(as name: String) throws -> LocalCommunity {
        try LocalCommunity(storeURL: storeURL, sessionFile: sessionFile(for: name))
    }

    /// One instance per name, all on the same file.
    public func open(_ names: [String]) throws -> [LocalCommunity] {
        try names.map(open(as:))
    }
}

extension LocalCommunity {
    /// Signs up `name@example.com` as a member who may post: nickname, region, terms accepted.
    @discardableResult
    public func signUpMember(_ name: String, region: String? = "마포구", nickname: String? = nil, acceptTerms: Bool = true) async throws -> Account {
        try await signUp(SignUpRequest(identifier: "\(name)@example.com", password: TestCommunity.password(for: name),
                                       nickname: nickname ?? name, region: region, acceptTerms: acceptTerms))
    }
}

extension TestCommunity {
    /// The password `signUpMember` gives `name`.
    public static func password(for name: String) -> String { "correct horse \(name)" }
}
