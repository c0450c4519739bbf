import ChatCore
import Foundation
import LocalStore
import TestSupport
import XCTest

/// `tteok post --image PATH CHANNEL` with the real binary against a temporary store: a good file
/// is stored with its type and size; every bad file is refused with one readable line and
/// nothing is stored.
final class ImagePostingEndToEndTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var store: String { directory.file("community.sqlite").path }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "cli-images")
    }

    override func tearDown() {
        directory = nil
    }

    private func member(_ name: String) throws -> TteokUser {
        try TteokUser.signedUpMember(name, in: directory, store: store)
    }

    private func write(_ data: Data, _ name: String) throws -> String {
        let file = directory.file(name)
        try data.write(to: file)
        return file.path
    }

    private func lobby(_ person: TteokUser) throws -> [[String: Any]] {
        let result = try person.run(["read", "lobby", "--limit", "100", "--json"])
        XCTAssertEqual(result.status, 0, "\(result)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func testPostedImagesAreStoredWithTypeSizeAndBytes() async throws {
        let mina = try member("mina")
        let png = TestImages.png(width: 20, height: 10)
        let posted = try mina.run(["post", "--image", try write(png, "sunset.png"), "lobby", "--json"])
        XCTAssertEqual(posted.status, 0, "\(posted)")
        let jpeg = TestImages.jpeg(width: 16, height: 8)
        XCTAssertEqual(try mina.run(["post", "lobby", "--image", try write(jpeg, "named-wrong.png")]).status, 0)

        let images = try lobby(mina).compactMap { $0["image"] as? [String: Any] }
        XCTAssertEqual(images.count, 2)
        XCTAssertEqual(images.map { $0["fileName"] as? String }, ["sunset.png", "named-wrong.png"])
        XCTAssertEqual(images.map { $0["mimeType"] as? String }, ["image/png", "image/jpeg"], "the type comes from the bytes")
        XCTAssertEqual(images.map { $0["byteCount"] as? Int }, [png.count, jpeg.count])
        XCTAssertEqual(images.map { $0["width"] as? Int }, [20, 16])
        XCTAssertEqual(images.map { $0["height"] as? Int }, [10, 8])

        // The bytes come back whole through the service a chat pane uses.
        let reader = try LocalCommunity(storeURL: URL(fileURLWithPath: store), sessionFile: directory.file("reader.json"))
        let channel = try await reader.channel(named: "lobby")
        let page = try await reader.latestMessages(in: channel.id, limit: 10)
        guard case .image(let info)? = page.messages.first(where: { $0.content.summary == "[image] sunset.png" })?.content else {
            return XCTFail("no stored image in \(page.messages)")
        }
        let stored = try await reader.imageData(info)
        XCTAssertEqual(stored, png)
    }

    func testBadFilesAreRefusedAndNothingIsStored() throws {
        let mina = try member("mina")
        let before = try lobby(mina).count
        var huge = TestImages.png(width: 4, height: 4)
        huge.append(Data(count: 20 * 1024 * 1024))
        let cases: [(path: String, reason: String)] = [
            (directory.file("missing.png").path, "No such file"),
            (try write(Data("not a picture\n".utf8), "notes.png"), "notes.png is not an image"),
            (try write(TestImages.png(width: 30, height: 30).prefix(300), "cut.png"), "cut.png is damaged or cut short"),
            (try write(huge, "huge.png"), "Too large"),
        ]
        for (path, reason) in cases {
            let result = try mina.run(["post", "--image", path, "lobby"])
            XCTAssertEqual(result.status, 1, "\(result)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(reason), "expected '\(reason)' in: \(result.stderr)")
        }
        XCTAssertEqual(try lobby(mina).count, before, "nothing stored")
    }

    func testImageAndTextTogetherIsAUsageError() throws {
        let mina = try member("mina")
        let path = try write(TestImages.png(width: 4, height: 4), "a.png")
        let result = try mina.run(["post", "--image", path, "lobby", "hello"])
        XCTAssertEqual(result.status, 2, "\(result)")
        XCTAssertTrue(result.stderr.contains("either TEXT or --image"), result.stderr)
    }

    func testSomeoneNotSignedInCannotPostAnImage() throws {
        let stranger = try TteokUser(home: directory.file("home-stranger"), backendArguments: ["--store", store])
        let path = try write(TestImages.png(width: 4, height: 4), "a.png")
        let result = try stranger.run(["post", "--image", path, "lobby"])
        XCTAssertEqual(result.status, 3, "\(result)")
        XCTAssertTrue(try lobby(stranger).allSatisfy { $0["image"] == nil })
    }
}
