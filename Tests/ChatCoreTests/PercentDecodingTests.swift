import ChatCore
import Foundation
import XCTest

/// `percentDecoded` replaces Foundation's `removingPercentEncoding` (so the binary links no
/// CoreFoundation or ICU): held against it on well-formed, malformed and hostile input.
final class PercentDecodingTests: XCTestCase {
    func testDecodingAgreesWithFoundationAndRefusesWhatItRefuses() {
        let texts = ["", "plain", "%40mina%3Aexample.org", "%ED%95%9C", "%e2%82%ac", "%", "%4", "%zz", "%4g", "100%", "%FF", "%C3%28", "%00",
                     "a%20b%2", "%%41", "%2541", "맛%EC%A7%91", "%F0%9F%98%80", "%ED%A0%80", "+"]
        for text in texts {
            XCTAssertEqual(text.percentDecoded, text.removingPercentEncoding, text)
        }
    }
}
