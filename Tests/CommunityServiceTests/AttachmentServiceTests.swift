import ChatCore
import CommunityClient
import Foundation
import TestSupport
import XCTest

/// Files on the embedded community through its service (issue 17): a file, a video and a sound
/// cross the protocol, are stored beside images with their kind, and read back whole by another
/// member; the image limit holds for files, and a guest sends none.
final class AttachmentServiceTests: XCTestCase {
    func testFilesCrossTheServiceWithTheirKindAndComeBackWhole() async throws {
        let harness = try ServiceHarness()
        let mina = try await harness.member("mina")
        let joon = try await harness.member("joon")
        let lobby = try await mina.channel(named: "lobby").id
        let pdf = Data((0..<40_000).map { UInt8($0 % 253) })
        let sent = try await mina.sendFile(FileUpload(fileName: "/home/mina/회의록.pdf", mimeType: "application/pdf", data: pdf), to: lobby)
        _ = try await mina.sendFile(FileUpload(fileName: "clip.webm", mimeType: "video/webm", data: Data(repeating: 1, count: 10)), to: lobby)
        _ = try await mina.sendFile(FileUpload(fileName: "hello.ogg", mimeType: "audio/ogg", data: Data(repeating: 2, count: 10)), to: lobby)

        let page = try await joon.latestMessages(in: lobby, limit: 3)
        XCTAssertEqual(page.messages.map(\.content.kind), [.file, .video, .audio])
        XCTAssertEqual(page.messages.first?.content, sent.content)
        guard case .file(let info)? = page.messages.first?.content else { return XCTFail("read \(page.messages)") }
        XCTAssertEqual(info.fileName, "회의록.pdf", "only the last path component is stored")
        XCTAssertEqual(info.byteCount, pdf.count)
        XCTAssertEqual(info.mimeType, "application/pdf")
        let read = try await joon.fileData(info)
        XCTAssertEqual(read, pdf)

        let huge = Data(count: FileUpload.maximumByteCount + 1)
        await assertRefused(.tooLarge(limit: FileUpload.maximumByteCount)) {
            _ = try await mina.sendFile(FileUpload(fileName: "big.bin", mimeType: "application/octet-stream", data: huge), to: lobby)
        }
        let guest = harness.client("guest")
        _ = try await guest.continueAsGuest()
        await assertRefused(.denied(.guest)) {
            _ = try await guest.sendFile(FileUpload(fileName: "a.txt", mimeType: "text/plain", data: Data("a".utf8)), to: lobby)
        }
        let after = try await joon.latestMessages(in: lobby, limit: 5)
        XCTAssertEqual(after.messages.suffix(3).map(\.content.kind), [.file, .video, .audio], "the refusals stored nothing")
    }

    private func assertRefused(_ expected: ChatError, line: UInt = #line, _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("not refused", line: line)
        } catch let error as ChatError {
            XCTAssertEqual(error, expected, line: line)
        } catch {
            XCTFail("\(error)", line: line)
        }
    }
}

/// The embedded community keeps what was typed and reads its Markdown as the same spans Matrix
/// HTML gives (issue 17), through the service.
final class FormattedServiceTests: XCTestCase {
    func testMarkdownIsReadAsFormattedRuns() async throws {
        let harness = try ServiceHarness()
        let mina = try await harness.member("mina")
        let joon = try await harness.member("joon")
        let lobby = try await mina.channel(named: "lobby").id
        _ = try await mina.send("**떡** is *chewy* [recipe](https://tteok.example/r)", to: lobby)
        _ = try await mina.send("plain 2*3", to: lobby)
        let page = try await joon.latestMessages(in: lobby, limit: 2)
        XCTAssertEqual(page.messages.first?.content, .text("**떡** is *chewy* [recipe](https://tteok.example/r)"), "stored as typed")
        XCTAssertEqual(page.messages.first?.formatted?.runs, [
            FormattedText.Run("떡", .bold), FormattedText.Run(" is "), FormattedText.Run("chewy", .italic), FormattedText.Run(" "),
            FormattedText.Run("recipe", .link, link: "https://tteok.example/r"),
        ])
        XCTAssertNil(page.messages.last?.formatted)
    }
}
