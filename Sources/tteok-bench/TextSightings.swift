/// Texts watched for in a terminal's output and the moment each first arrived: how a frame is
/// timed from outside the process. A text is looked for only where it could have been completed
/// by the latest read (its end within the new bytes), so each read costs its own size.
struct TextSightings: Sendable {
    private var pending: [(text: String, bytes: [UInt8])]
    private(set) var seen: [String: UInt64] = [:]

    init(_ texts: [String] = []) {
        pending = texts.map { ($0, Array($0.utf8)) }
    }

    /// Looks at `tail`, whose last `newBytes` bytes were just read.
    mutating func look(in tail: [UInt8], newBytes: Int) {
        guard !pending.isEmpty else { return }
        let now = MonotonicClock.nanoseconds()
        pending.removeAll { text, bytes in
            let from = max(0, tail.count - newBytes - bytes.count + 1)
            guard Self.contains(tail[from...], bytes) else { return false }
            seen[text] = now
            return true
        }
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
