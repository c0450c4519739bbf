/// Message bodies for the generated store: Korean and ASCII mixed, short and long, as a regional
/// community writes them. Bodies are built from fixed word lists so every store is the same.
enum SampleText {
    private static let korean = [
        "안녕하세요", "떡볶이", "맛집", "추천", "오늘", "날씨", "좋네요", "주말에", "시장", "가볼까요",
        "마포구", "강남구", "이웃", "모임", "저녁", "커피", "한잔", "감사합니다", "공원", "산책",
        "버스", "지하철", "늦었어요", "괜찮아요", "사진", "올려요", "분식", "김밥", "순대", "튀김",
    ]
    private static let ascii = [
        "hello", "anyone", "tonight", "market", "at", "7pm", "new", "place", "opened", "near",
        "station", "lol", "ok", "thanks", "see", "you", "there", "price", "was", "10,000",
        "won", "the", "queue", "is", "long", "again", "bring", "umbrella", "https://example.com/p", ":)",
    ]

    /// The `index`-th body: 2 to 24 words, alternating runs of Korean and ASCII.
    static func body(_ index: Int) -> String {
        var state = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        let count = 2 + next() % 23
        var words: [String] = []
        words.reserveCapacity(count)
        var koreanRun = next() % 2 == 0
        for _ in 0..<count {
            if next() % 4 == 0 { koreanRun.toggle() }
            let list = koreanRun ? korean : ascii
            words.append(list[next() % list.count])
        }
        return words.joined(separator: " ")
    }

    /// Sender nicknames, Korean and ASCII.
    static func nickname(_ index: Int) -> String {
        let names = ["민지", "jisoo", "도윤", "hana_k", "서연", "mike", "하준", "yuna", "지호", "tteokfan"]
        return "\(names[index % names.count])\(index / names.count)"
    }

    /// Names for the generated channels beyond the demo ones.
    static func channelName(_ index: Int) -> String {
        index % 2 == 0 ? "동네-\(index)" : "chat-\(index)"
    }
}
