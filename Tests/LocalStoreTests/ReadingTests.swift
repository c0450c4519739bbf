import ChatCore
import Foundation
import LocalStore
import Storage
import TestSupport
import XCTest

/// Read markers, unread counts and paging.
final class ReadingTests: XCTestCase {
    var community: TestCommunity!
    var writer: LocalCommunity!
    var reader: LocalCommunity!

    override func setUp() async throws {
        community = try TestCommunity()
        writer = try community.open(as: "writer")
        reader = try community.open(as: "reader")
        try await writer.signUpMember("writer")
        try await reader.signUpMember("reader")
    }

    func post(_ count: Int, to channel: ChannelID, prefix: String = "m") async throws -> [Message] {
        var posted: [Message] = []
        for number in 1...count { posted.append(try await writer.send("\(prefix)\(number)", to: channel)) }
        return posted
    }

    func testNewViewerHasEverythingUnreadUntilMarkedRead() async throws {
        let help = try await reader.channel(named: "help").id
        let lobby = try await reader.channel(named: "lobby").id
        var unread = try await reader.unreadCount(in: lobby)
        XCTAssertEqual(unread, 1, "the welcome message is unread for a new member")
        _ = try await post(12, to: help)
        unread = try await reader.unreadCount(in: help)
        XCTAssertEqual(unread, 12)
        try await reader.markRead(help)
        unread = try await reader.unreadCount(in: help)
        XCTAssertEqual(unread, 0)
        _ = try await post(3, to: help)
        unread = try await reader.unreadCount(in: help)
        XCTAssertEqual(unread, 3)
        // Markers are per viewer: the reader's reading leaves the writer's alone, and the
        // writer's own posts never count as unread for the writer.
        let writerUnread = try await writer.unreadCount(in: help)
        XCTAssertEqual(writerUnread, 0)
    }

    /// Regression: a member's own messages used to count as unread until they opened the channel.
    func testPostingMarksTheChannelReadForTheSender() async throws {
        let help = try await reader.channel(named: "help").id
        _ = try await post(4, to: help)
        var readerUnread = try await reader.unreadCount(in: help)
        XCTAssertEqual(readerUnread, 4)
        _ = try await reader.send("seen all of it", to: help)
        readerUnread = try await reader.unreadCount(in: help)
        XCTAssertEqual(readerUnread, 0, "posting marks what came before as read")
        let writerUnread = try await writer.unreadCount(in: help)
        XCTAssertEqual(writerUnread, 1, "the other member's reply is unread for the writer")
    }

    func testGuestCountsAreKeptInMemory() async throws {
        let guest = try community.open(as: "guest")
        try await guest.continueAsGuest()
        let lobby = try await guest.channel(named: "lobby").id
        var unread = try await guest.unreadCount(in: lobby)
        XCTAssertEqual(unread, 1)
        try await guest.markRead(lobby)
        unread = try await guest.unreadCount(in: lobby)
        XCTAssertEqual(unread, 0)
    }

    func testPagingWalksBackToTheStartInOrder() async throws {
        let help = try await reader.channel(named: "help").id
        let posted = try await post(25, to: help)
        var page = try await reader.latestMessages(in: help, limit: 10)
        var seen = page.messages
        while case .haveMore(let token) = page.next {
            page = try await reader.olderMessages(in: help, before: token, limit: 10)
            seen = page.messages + seen
        }
        XCTAssertEqual(seen.map(\.id), posted.map(\.id))
        XCTAssertEqual(seen.map(\.content.summary), (1...25).map { "m\($0)" })
        let exact = try await reader.latestMessages(in: help, limit: 25)
        XCTAssertEqual(exact.next, .done, "a page that holds everything has nothing before it")
    }

    func testImagesRoundTripWithinTheLimit() async throws {
        let lobby = try await writer.channel(named: "lobby").id
        let bytes = Data((0..<50_000).map { UInt8($0 % 251) })
        let sent = try await writer.sendImage(ImageUpload(fileName: "/home/w/pics/떡.png", mimeType: "image/png", data: bytes, width: 40, height: 30), to: lobby)
        guard case .image(let info) = sent.content else { return XCTFail("not an image: \(sent.content)") }
        XCTAssertEqual(info.fileName, "떡.png")
        XCTAssertEqual(info.byteCount, bytes.count)
        XCTAssertEqual(info.width, 40)
        let read = try await reader.imageData(info)
        XCTAssertEqual(read, bytes)
        let page = try await reader.latestMessages(in: lobby, limit: 1)
        XCTAssertEqual(page.messages.first?.content, sent.content)

        let huge = Data(count: LocalCommunity.imageLimit + 1)
        await assertThrows(.tooLarge(limit: LocalCommunity.imageLimit)) {
            _ = try await writer.sendImage(ImageUpload(fileName: "big.png", mimeType: "image/png", data: huge), to: lobby)
        }
        let images = try Database(path: community.storeURL.path).readSync { try $0.scalar("SELECT count(*) FROM images") }
        XCTAssertEqual(images, .integer(1))
    }

    func testRetryAndDiscardWithoutAnOutbox() async throws {
        let lobby = try await writer.channel(named: "lobby").id
        let sent = try await writer.send("stored at once", to: lobby)
        try await writer.retry(sent.id)
        await assertThrows(.noSuchMessage) { try await writer.retry(MessageID("999999")) }
        do {
            try await writer.discard(sent.id)
            XCTFail("discard of a delivered message must say it cannot")
        } catch let error as ChatError {
            guard case .unsupported = error else { return XCTFail("\(error)") }
        }
    }
}
