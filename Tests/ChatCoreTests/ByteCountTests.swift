import ChatCore
import Foundation
import XCTest

/// `ByteCount` and `groupedDigits` replace Foundation's ICU-backed formatters (so the binary links
/// no ICU data): held against `ByteCountFormatter` and `formatted()` themselves, which this test
/// target still links.
final class ByteCountTests: XCTestCase {
    func testEveryBoundaryAndTieReadsAsByteCountFormatterWritesIt() {
        var values: [Int] = [0, 1, 2, 999, 1000, 1001, 1023, 1024, 1025, 1500, 2500, 3500, 999_499, 999_500, 999_999, 1_000_000,
                             1_048_575, 1_048_576, 1_250_000, 1_350_000, 10_485_760, 2_005_000_000, 2_015_000_000, 1 << 40, 1 << 50, 1 << 60,
                             Int.max, -1, -2048, -1_500_000]
        for power in 1...6 {
            for base in [1000.0, 1024.0] {
                let unit = pow(base, Double(power))
                for factor in [0.5, 0.95, 0.995, 0.9995, 1.0, 1.005, 1.05, 1.25, 1.35, 1.45, 9.995, 99.95, 999.5, 1000.5, 1023.5] {
                    let value = unit * factor
                    if value < 9.0e18 { values.append(Int(value)) }
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 { values.append(Int.random(in: 0...(1 << Int.random(in: 1...62, using: &generator)), using: &generator)) }
        for value in values {
            XCTAssertEqual(ByteCount.text(value, base: .binary), ByteCountFormatter.string(fromByteCount: Int64(value), countStyle: .binary), "\(value)")
            XCTAssertEqual(ByteCount.text(value, base: .file), ByteCountFormatter.string(fromByteCount: Int64(value), countStyle: .file), "\(value)")
        }
    }

    func testGroupedDigitsAreFormattedsEnglishGrouping() {
        for value in [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, 1_234_567_890, Int.max, Int.min + 1] {
            XCTAssertEqual(value.groupedDigits, value.formatted(.number.locale(Locale(identifier: "en_US"))), "\(value)")
        }
    }
}
