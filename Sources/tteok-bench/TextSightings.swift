/// Texts watched for in a terminal's output and the moment each was seen often enough: how a
/// frame is timed from outside the process. Occurrences are counted only where the latest read
/// could have completed them (their end within the new bytes), so each read costs its own size.
struct TextSightings: Sendable {
    private struct Watch: Sendable {
        var text: String
        var bytes: [UInt8]
        var remaining: Int
    }

    private var pending: [Watch]
    private(set) var seen: [String: UInt64] = [:]

    /// Each text once.
    init(_ texts: [String] = []) {
        pending = texts.map { Watch(text: $0, bytes: Array($0.utf8), remaining: 1) }
    }

    /// `text` seen `times` times (e.g. a prefix every row of a list starts with).
    init(_ text: String, times: Int) {
        pending = [Watch(text: text, bytes: Array(text.utf8), remaining: max(1, times))]
    }

    /// Looks at `tail`, whose last `newBytes` bytes were just read.
    mutating func look(in tail: [UInt8], newBytes: Int) {
        guard !pending.isEmpty else { return }
        let now = MonotonicClock.nanoseconds()
        for index in pending.indices {
            let from = max(0, tail.count - newBytes - pending[index].bytes.count + 1)
            pending[index].remaining -= Self.occurrences(of: pending[index].bytes, in: tail[from...])
            if pending[index].remaining <= 0 { seen[pending[index].text] = now }
        }
        pending.removeAll { $0.remaining <= 0 }
    }

    private static func occurrences(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int {
        guard let first = needle.first, haystack.count >= needle.count else { return 0 }
        var count = 0
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
