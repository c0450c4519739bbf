import ChatCore
import Foundation
import TestSupport
import TUI
import XCTest
@testable import ViewModels

/// Checks every pane test makes: no cell holds a character a terminal would act on, and nothing
/// was drawn outside the pane's region.
enum CanvasCheck {
    /// A canvas whose every cell is `#`, so a pane drawing outside its region shows.
    static func sentinel(_ size: Size) -> Canvas {
        Canvas(size: size, fill: Cell(glyph: Glyph(text: "#", width: 1), style: .plain))
    }

    static func assertInert(_ canvas: Canvas, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                for scalar in canvas[row, column].glyph.text.unicodeScalars {
                    let value = scalar.value
                    let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                    let isBidi = InertText.replacement(for: scalar) != nil
                    // XCTFail only on failure: the hostile corpus checks a million cells.
                    if isControl || isBidi { XCTFail("cell \(row),\(column) holds U+\(String(value, radix: 16))", file: file, line: line) }
                }
            }
        }
    }

    /// Every cell outside `region` is still `#`, and every row adds up to the canvas width.
    static func assertInside(_ region: Region, _ canvas: Canvas, file: StaticString = #filePath, line: UInt = #line) {
        for row in 0..<canvas.height {
            var width = 0
            for column in 0..<canvas.width {
                let cell = canvas[row, column]
                width += cell.isContinuation ? 0 : cell.glyph.width
                if !region.frame.contains(Point(row: row, column: column)) {
                    if cell.glyph.text != "#" { XCTFail("drawn outside the pane at \(row),\(column)", file: file, line: line) }
                }
            }
            XCTAssertEqual(width, canvas.width, "row \(row) is \(width) columns wide", file: file, line: line)
        }
    }

    /// `messages` drawn by a chat pane of `width` x `height` (inside a one-cell sentinel frame),
    /// checked inert and inside; the canvas, the pane's region and its lines.
    static func chat(_ messages: [Message], title: String = "lobby", width: Int, height: Int,
                     language: Language = .english) -> (Canvas, Region, [String]) {
        var canvas = sentinel(Size(width: width + 2, height: height + 2))
        let region = canvas.bounds.subregion(Rect(row: 1, column: 1, width: width, height: height))
        let pane = ChatPane(title: title, messages: .loaded(messages.map(Fixtures.line)), paging: .done, scroll: 0, focused: false,
                            transcript: ChatTranscript(strings: UIStrings(language), text: .unfiltered))
        _ = pane.draw(on: &canvas, in: region)
        assertInert(canvas)
        assertInside(region, canvas)
        return (canvas, region, lines(canvas, region))
    }

    /// The text of the region's rows, trailing spaces trimmed.
    static func lines(_ canvas: Canvas, _ region: Region) -> [String] {
        (region.frame.row..<region.frame.maxRow).map { row in
            var text = ""
            for column in region.frame.column..<region.frame.maxColumn { text += canvas[row, column].glyph.text }
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}

enum Fixtures {
    static let me = UserID("1")
    static let other = UserID("2")

    static func channel(_ name: String, id: String? = nil, kind: ChannelKind = .open) -> Channel {
        Channel(id: ChannelID(id ?? name), name: name, kind: kind)
    }

    static func row(_ name: String, badge: CountBadge, region: Bool = false) -> ChannelRow {
        ChannelRow(channel: channel(name, kind: region ? .region(name) : .open), badge: badge, isCurrentRegion: region)
    }

    static func message(_ text: String, from sender: UserID = other, nickname: String = "Joon", at date: Date, id: String? = nil) -> Message {
        Message(id: MessageID(id ?? UUID().uuidString), channelID: ChannelID("lobby"), senderID: sender, senderNickname: nickname,
                sentAt: date, content: .text(text))
    }

    static func line(_ message: Message) -> ChatLine {
        ChatLine(message: message, isMine: message.senderID == me)
    }

    /// A fixed date in the local time zone.
    static func date(day: Int, hour: Int, minute: Int) -> Date {
        var parts = DateComponents()
        parts.year = 2026; parts.month = 12; parts.day = day; parts.hour = hour; parts.minute = minute
        return Calendar.current.date(from: parts)!
    }
}
