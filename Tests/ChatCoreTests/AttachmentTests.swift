import ChatCore
import Foundation
import XCTest

/// Places and files as their senders declare them: a `geo:` URI parses only within range and
/// the link shown is rebuilt from the numbers; a file's kind follows its declared type.
final class AttachmentValueTests: XCTestCase {
    func testAGeoURIGivesCoordinatesAndARebuiltLink() {
        let place = LocationInfo(description: "Seoul Station", geoURI: "geo:37.5547,126.9707;u=35")
        XCTAssertEqual(place.latitude, 37.5547)
        XCTAssertEqual(place.geoURI, "geo:37.5547,126.9707")
        XCTAssertEqual(place.coordinates, "37.5547, 126.9707")
        XCTAssertEqual(LocationInfo(description: "", geoURI: "GEO:-33.8,151,12").geoURI, "geo:-33.8,151")
        XCTAssertEqual(LocationInfo(description: "", geoURI: "geo:0.0000001,-0.0000001").geoURI, "geo:0,0")
        XCTAssertEqual(MessageContent.location(place).summary, "[location] Seoul Station geo:37.5547,126.9707")
    }

    func testHostileGeoURIsLeaveThePlaceWithoutCoordinates() {
        let hostile = [
            "geo:91,0", "geo:0,181", "geo:nan,1", "geo:inf,1", "geo:1e2,3", "geo:1,2\u{202E}", "javascript:alert(1)",
            "geo:1", "geo:,", "geo:" + String(repeating: "9", count: 10_000) + ",1", "https://example.com/geo:1,2", "",
        ]
        for uri in hostile {
            let place = LocationInfo(description: "x", geoURI: uri)
            XCTAssertNil(place.geoURI, uri)
            XCTAssertNil(place.latitude, uri)
        }
    }

    func testAFileIsAVideoOrSoundByItsDeclaredType() {
        XCTAssertEqual(FileUpload(fileName: "a", mimeType: "video/mp4", data: Data()).kind, .video)
        XCTAssertEqual(FileUpload(fileName: "a", mimeType: "Audio/OGG", data: Data()).kind, .audio)
        XCTAssertEqual(FileUpload(fileName: "a", mimeType: "application/pdf", data: Data()).kind, .file)
        XCTAssertEqual(FileUpload.mimeType(forFileName: "clip.MP4"), "video/mp4")
        XCTAssertEqual(FileUpload.mimeType(forFileName: ".bashrc"), "application/octet-stream")
        XCTAssertEqual(FileUpload.mimeType(forFileName: "notes"), "application/octet-stream")
        let file = FileInfo(kind: .audio, fileName: "voice.ogg", mimeType: "audio/ogg", byteCount: 3, reference: "1")
        XCTAssertEqual(MessageContent.file(file).summary, "[audio] voice.ogg")
        XCTAssertEqual(MessageContent.file(file).kind, .audio)
    }
}
