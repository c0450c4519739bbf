/// One of the 64 emoji of SAS verification (the specification's table, "SAS method: emoji"),
/// with its English name (the specification's) and a Korean one, so two people can read them
/// to each other.
public struct SasEmoji: Hashable, Sendable {
    public let index: Int
    public let symbol: String
    public let name: String
    public let koreanName: String

    /// The seven emoji of the first 42 bits of `bytes` (six bits each, most significant first).
    static func seven(from bytes: [UInt8]) -> [SasEmoji] {
        precondition(bytes.count >= 6)
        let bits = bytes.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (0..<7).map { position in table[Int((bits >> UInt64(42 - 6 * position)) & 0x3F)] }
    }

    /// The three four-digit numbers of the decimal method (13 bits each, plus 1000).
    static func decimals(from bytes: [UInt8]) -> [Int] {
        let bits = bytes.prefix(5).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (0..<3).map { Int((bits >> UInt64(27 - 13 * $0)) & 0x1FFF) + 1000 }
    }

    static let table: [SasEmoji] = [
        ("🐶", "Dog", "개"), ("🐱", "Cat", "고양이"), ("🦁", "Lion", "사자"), ("🐎", "Horse", "말"),
        ("🦄", "Unicorn", "유니콘"), ("🐷", "Pig", "돼지"), ("🐘", "Elephant", "코끼리"), ("🐰", "Rabbit", "토끼"),
        ("🐼", "Panda", "판다"), ("🐓", "Rooster", "수탉"), ("🐧", "Penguin", "펭귄"), ("🐢", "Turtle", "거북이"),
        ("🐟", "Fish", "물고기"), ("🐙", "Octopus", "문어"), ("🦋", "Butterfly", "나비"), ("🌷", "Flower", "꽃"),
        ("🌳", "Tree", "나무"), ("🌵", "Cactus", "선인장"), ("🍄", "Mushroom", "버섯"), ("🌏", "Globe", "지구"),
        ("🌙", "Moon", "달"), ("☁️", "Cloud", "구름"), ("🔥", "Fire", "불"), ("🍌", "Banana", "바나나"),
        ("🍎", "Apple", "사과"), ("🍓", "Strawberry", "딸기"), ("🌽", "Corn", "옥수수"), ("🍕", "Pizza", "피자"),
        ("🎂", "Cake", "케이크"), ("❤️", "Heart", "하트"), ("😀", "Smiley", "웃는 얼굴"), ("🤖", "Robot", "로봇"),
        ("🎩", "Hat", "모자"), ("👓", "Glasses", "안경"), ("🔧", "Spanner", "스패너"), ("🎅", "Santa", "산타"),
        ("👍", "Thumbs Up", "좋아요"), ("☂️", "Umbrella", "우산"), ("⌛", "Hourglass", "모래시계"), ("⏰", "Clock", "시계"),
        ("🎁", "Gift", "선물"), ("💡", "Light Bulb", "전구"), ("📕", "Book", "책"), ("✏️", "Pencil", "연필"),
        ("📎", "Paperclip", "클립"), ("✂️", "Scissors", "가위"), ("🔒", "Lock", "자물쇠"), ("🔑", "Key", "열쇠"),
        ("🔨", "Hammer", "망치"), ("☎️", "Telephone", "전화기"), ("🏁", "Flag", "깃발"), ("🚂", "Train", "기차"),
        ("🚲", "Bicycle", "자전거"), ("✈️", "Aeroplane", "비행기"), ("🚀", "Rocket", "로켓"), ("🏆", "Trophy", "트로피"),
        ("⚽", "Ball", "공"), ("🎸", "Guitar", "기타"), ("🎺", "Trumpet", "트럼펫"), ("🔔", "Bell", "종"),
        ("⚓", "Anchor", "닻"), ("🎧", "Headphones", "헤드폰"), ("📁", "Folder", "폴더"), ("📌", "Pin", "압정"),
    ].enumerated().map { SasEmoji(index: $0.offset, symbol: $0.element.0, name: $0.element.1, koreanName: $0.element.2) }
}
