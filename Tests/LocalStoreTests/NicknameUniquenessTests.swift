import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// Nicknames are unique as the word filter compares words: nobody can pass for somebody else.
final class NicknameUniquenessTests: XCTestCase {
    var community: TestCommunity!

    override func setUpWithError() throws { community = try TestCommunity() }

    func testLookAlikesOfATakenNicknameAreRefusedAtSignUp() async throws {
        try await community.open(as: "bob").signUpMember("bob", nickname: "Bob")
        for (index, lookalike) in ["Bob", "bob", "B0b", "ｂｏｂ", " BOB ", "b.o.b"].enumerated() {
            let other = try community.open(as: "other\(index)")
            do {
                try await other.signUpMember("other\(index)", nickname: lookalike)
                XCTFail("\(lookalike) was accepted while Bob exists")
            } catch let error as ChatError {
                guard case .invalidInput(let why) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(why.contains("is taken"), why)
            }
            let viewer = await other.viewer()
            XCTAssertEqual(viewer, .guest, "a refused sign-up stores no account")
        }
        try await community.open(as: "bobby").signUpMember("bobby", nickname: "Bobby")
    }

    func testNickRefusesATakenNameAndKeepsOnesOwn() async throws {
        try await community.open(as: "bob").signUpMember("bob", nickname: "Bob")
        let mallory = try community.open(as: "mallory")
        try await mallory.signUpMember("mallory", nickname: "Mallory")
        do {
            _ = try await mallory.updateProfile(nickname: "B0B", region: nil)
            XCTFail("/nick B0B was accepted while Bob exists")
        } catch ChatError.invalidInput(let why) {
            XCTAssertTrue(why.contains("too like Bob"), why)
        }
        let unchanged = await mallory.viewer()
        XCTAssertEqual(unchanged.account?.nickname, "Mallory")
        // Changing the case of one's own nickname is not a collision with oneself.
        let renamed = try await mallory.updateProfile(nickname: "MALLORY", region: nil)
        XCTAssertEqual(renamed.nickname, "MALLORY")
    }
}
