import Foundation
import TUI

/// Tab completion over a channel of 10,000 members: each Tab of a run completes a word against
/// the index (Latin and Hangul prefixes, initial consonants, a word nobody's name starts with)
/// with 50 recent speakers in front; and the index built once when the names change.
enum CompletionRows {
    static let memberCount = 10_000
    static let words = ["m", "mi", "min", "ㅁ", "ㅁㅅ", "민ㅅ", "@ka", "hi ja", "/dm so", "zzq"]

    static func tab(_ options: BenchOptions) throws -> [BudgetRow] {
        let names = members()
        var build = Samples(), tabs = Samples()
        for _ in 0..<options.runs {
            let start = MonotonicClock.nanoseconds()
            let index = NameIndex(names)
            build.append(MonotonicClock.milliseconds(since: start))
            let completionWords = CompletionWords(speakers: Array(names.suffix(50)), members: index)
            for word in words {
                let start = MonotonicClock.nanoseconds()
                let completion = Completion.begin(text: word, cursor: word.count, words: completionWords)
                tabs.append(MonotonicClock.milliseconds(since: start))
                if word != "zzq", completion == nil { throw BenchError.failed("completion of \(word) found nothing") }
            }
        }
        return [
            BudgetRow("completion over 10,000 members → one Tab", unit: .milliseconds, budget: 5, samples: tabs),
            BudgetRow("completion index of 10,000 members (when they change)", unit: .milliseconds, budget: 50, samples: build),
        ]
    }

    /// Nicknames as a big community has them: Korean given names and romanised ones, numbered.
    static func members() -> [String] {
        let korean = ["민수", "민지", "서연", "지훈", "하은", "도윤", "수아", "예준", "지우", "서준"]
        let latin = ["mina", "minho", "kate", "jay", "sora", "mark", "yuna", "kai", "sol", "jin"]
        // Alternate the pools, and walk each pool with the other half of the number: `number %
        // pool.count` would give even numbers only even names (no "sora", no "민지").
        return (0..<memberCount).map { number in
            let pool = number % 2 == 0 ? korean : latin
            return pool[(number / 2) % pool.count] + String(number / 20)
        }
    }
}
