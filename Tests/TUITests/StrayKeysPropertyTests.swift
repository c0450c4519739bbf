import ChatCore
import Foundation
import ImagePreview
import LocalStore
import TestSupport
@testable import TUI
import ViewModels
import XCTest

/// Issue 15's property, on the real app (the `TerminalApp` the binary runs, on a real LocalStore):
/// from every page, focus and mode, a random line of printable characters (Latin, Hangul, emoji)
/// and Enter either sends exactly that line — when the keys go to an input that may post — or
/// changes nothing that lasts: no quit, block, report, save, open, log-in, log-out or post.
///
/// Reproducible: the seed is printed with every failure; `TTEOK_KEYS_SEED=N` replays it, and
/// `TTEOK_KEYS_CASES=N` sets the cases per starting state.
@MainActor
final class StrayKeysPropertyTests: XCTestCase {
    /// `/` is left out: a line starting with it is a command, deliberately typed (its own tests).
    static let latin = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,!?'-:;()@#")
    static let emoji: [Character] = ["😀", "👋", "🍜", "❤️", "👍🏽", "🇰🇷", "👨‍👩‍👧"]

    static func line(_ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...10, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: text.append(latin.randomElement(using: &random)!)
            case 6..<9: text.append(Character(Unicode.Scalar(UInt32.random(in: 0xAC00...0xD7A3, using: &random))!))
            default: text.append(emoji.randomElement(using: &random)!)
            }
        }
        return text.allSatisfy(\.isWhitespace) ? text + "x" : text
    }

    func testRandomLinesFromEveryStateSendExactlyThemselvesOrChangeNothing() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TTEOK_KEYS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let perState = environment["TTEOK_KEYS_CASES"].flatMap(Int.init) ?? 120
        var random = SeededGenerator(seed: seed)
        var cases = 0
        for world in [World.member, .guest, .welcome] {
            let fixture = try await StrayKeysFixture(world)
            for state in world.states {
                for _ in 0..<perState {
                    let line = Self.line(&random)
                    let failure = try await fixture.check(line, from: state)
                    cases += 1
                    if let failure {
                        return XCTFail("seed \(seed) (replay: TTEOK_KEYS_SEED=\(seed)), case \(cases), \(world) \(state), typed \(line.debugDescription) and Enter: \(failure)\n\(fixture.harness.text)")
                    }
                }
            }
        }
        print("stray keys: \(cases) cases, seed \(seed)")
    }
}
