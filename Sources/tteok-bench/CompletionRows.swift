import Foundation
import TUI
import ViewModels

/// Tab completion in a channel of 10,000 members, the way the chat does it: the members come
/// from the community (`memberNames`, every poster of the channel) into the chat's
/// `CompletionNames`, whose index is built when they change; each Tab of a run asks it for the
/// index (held, as between changes) and completes a word (Latin and Hangul prefixes, initial
/// consonants, a word nobody's name starts with) with 50 recent speakers in front.
enum CompletionRows {
    static let memberCount = 10_000
    static let words = ["m", "mi", "min", "ㅁ", "ㅁㅅ", "민ㅅ", "@ka", "hi ja", "/dm so", "zzq"]

    @MainActor
    static func tab(_ options: BenchOptions) async throws -> [BudgetRow] {
        let names = members()
        let fixture = try await MembersFixture.make(nicknames: names)
        var build = Samples(), tabs = Samples()
        for _ in 0..<options.runs {
            let completionNames = CompletionNames(service: fixture.community)
            let start = MonotonicClock.nanoseconds()
            let built = await completionNames.names(in: fixture.channel, partners: [])
            build.append(MonotonicClock.milliseconds(since: start))
            guard built.count == memberCount else { throw BenchError.failed("the index holds \(built.count) members, not \(memberCount)") }
            for word in words {
                let start = MonotonicClock.nanoseconds()
                let index = await completionNames.names(in: fixture.channel, partners: [])
                let completionWords = CompletionWords(speakers: Array(names.suffix(50)), members: index)
                let completion = Completion.begin(text: word, cursor: word.count, words: completionWords)
                tabs.append(MonotonicClock.milliseconds(since: start))
                if word != "zzq", completion == nil { throw BenchError.failed("completion of \(word) found nothing") }
            }
        }
        return [
            BudgetRow("completion over 10,000 members → one Tab", unit: .milliseconds, budget: 5, samples: tabs),
            BudgetRow("completion: the members read and indexed (when they change)", unit: .milliseconds, budget: 100, samples: build),
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
