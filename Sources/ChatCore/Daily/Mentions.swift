/// One member a message addresses, and where: what Matrix carries as an intentional mention
/// (`m.mentions`) and draws as a pill.
public struct TextMention: Hashable, Sendable {
    public var user: UserID
    /// The name as typed (with its `@`, if it had one), in characters of the text.
    public var range: Range<Int>

    public init(user: UserID, range: Range<Int>) {
        self.user = user
        self.range = range
    }
}

/// Which members a typed message addresses, decided here for every backend that tells mentions
/// apart: a member's name at the start of a line followed by `:` or `,` (IRC's way, and what Tab
/// completion puts there), or `@name` anywhere that is not inside a word, followed by the end, a
/// space, punctuation or a Korean particle (`@민수님`). Names compare with ASCII case folded (as SQLite's `lower`, so a cache
/// can look them up), and a name two members share names nobody: a guess would notify the wrong
/// person.
public enum Mentions {
    /// The longest name looked for, in characters; longer display names are never mentioned.
    public static let longestName = 64
    /// The most names one text asks a directory about, whatever it holds.
    public static let mostCandidates = 512
    /// The most places in one text where a name is looked for: a text of thousands of `@` costs
    /// no more than this.
    static let mostPlaces = 256

    /// The folded names `text` could mention, each a run of the text at a mention's place that
    /// ends where a name may end: what to look up among a room's members.
    public static func candidates(in text: String) -> Set<String> {
        var names = Set<String>()
        for place in places(in: Array(text.prefix(maximumText))) {
            for end in place.ends { names.insert(fold(place.name(to: end))) }
            if names.count >= mostCandidates { break }
        }
        return names
    }

    /// The mentions in `text` of `members` (each a member and the name they go by; a folded name
    /// two members share is left out), the longest name first at each place.
    public static func find(in text: String, members: [ChannelMember]) -> [TextMention] {
        var byName: [String: UserID?] = [:]
        for member in members {
            let name = fold(member.nickname)
            if let known = byName[name], known != member.user { byName[name] = .some(nil) } else { byName[name] = member.user }
        }
        var found: [TextMention] = []
        for place in places(in: Array(text.prefix(maximumText))) {
            for end in place.ends.reversed() {
                guard let entry = byName[fold(place.name(to: end))] else { continue }
                if let user = entry { found.append(TextMention(user: user, range: place.start..<end)) }
                break
            }
        }
        return found
    }

    /// Folds ASCII letters to lower case, as SQLite's `lower()` does, and nothing else.
    public static func fold(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    /// Only the start of a long text is read: nobody is addressed after 64 KiB of it.
    static let maximumText = 65_536

    /// Where a name may start (`start`, the `@` included) and each place it may end.
    private struct Place {
        let characters: ArraySlice<Character>
        let start: Int
        /// Where the name itself starts (after an `@`).
        let nameStart: Int
        /// Ends after `nameStart`, shortest first.
        let ends: [Int]

        func name(to end: Int) -> String { String(characters[nameStart..<end]) }
    }

    private static func places(in characters: [Character]) -> [Place] {
        var places: [Place] = []
        for index in characters.indices where places.count < mostPlaces {
            let atLineStart = index == 0 || characters[index - 1] == "\n"
            if characters[index] == "@", index == 0 || opensName(characters[index - 1]) {
                let ends = nameEnds(in: characters, from: index + 1) { $0 == nil || closesName($0!) }
                if !ends.isEmpty { places.append(Place(characters: characters[...], start: index, nameStart: index + 1, ends: ends)) }
            } else if atLineStart {
                let ends = nameEnds(in: characters, from: index) { $0 == ":" || $0 == "," }
                if !ends.isEmpty { places.append(Place(characters: characters[...], start: index, nameStart: index, ends: ends)) }
            }
        }
        return places
    }

    /// Each end within `longestName` of `start`, on the same line, whose next character passes.
    private static func nameEnds(in characters: [Character], from start: Int, _ endsHere: (Character?) -> Bool) -> [Int] {
        var ends: [Int] = []
        var end = start + 1
        while end <= characters.count, end - start <= longestName, characters[end - 1] != "\n" {
            if endsHere(end == characters.count ? nil : characters[end]) { ends.append(end) }
            end += 1
        }
        return ends
    }

    /// What may stand before an `@` that starts a name (not a letter: `x@kate` is an address).
    private static func opensName(_ character: Character) -> Bool {
        character.isWhitespace || "([{\"'".contains(character)
    }

    /// What may follow a name: a space, punctuation that ends a word, or a Hangul syllable (a
    /// particle: `민수님`, `Mina한테`).
    private static func closesName(_ character: Character) -> Bool {
        character.isWhitespace || ".,:;!?)]}\"'".contains(character) || HangulInitials.initial(of: character) != nil
    }
}
