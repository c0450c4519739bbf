/// The web links in a message, found the way terminals and chat clients find them: an `http://`
/// or `https://` followed by characters a URL may hold, without the punctuation that ends a
/// sentence (`(see https://a.example/x).` links `https://a.example/x`).
///
/// Only these two schemes are ever found, numbered, opened or emitted as hyperlinks: a message
/// cannot make tteok hand `file:`, `javascript:` or a custom scheme to the desktop.
public enum LinkFinder {
    /// One link: where it is in the text (in characters) and its address.
    public struct Link: Hashable, Sendable {
        public var range: Range<Int>
        public var url: String
    }

    /// The longest address kept: longer ones are no address anyone types or reads.
    public static let maximumLength = 2048

    /// The links of `text`, in order.
    public static func links(in text: String) -> [Link] {
        // Most messages hold no link: a look at the bytes for `://` settles that without
        // splitting the text into characters (which cost as much as laying the message out).
        guard mayHoldLink(text) else { return [] }
        let characters = Array(text)
        var links: [Link] = []
        var index = 0
        while index < characters.count {
            guard let schemeLength = scheme(at: index, in: characters), index + schemeLength < characters.count,
                  characters[index + schemeLength] != "/" else { index += 1; continue }
            var end = index + schemeLength
            while end < characters.count, isURLCharacter(characters[end]) { end += 1 }
            end = trimmedEnd(characters, from: index, to: end)
            if end > index + schemeLength, end - index <= maximumLength {
                links.append(Link(range: index..<end, url: String(characters[index..<end])))
            }
            index = max(end, index + 1)
        }
        return links
    }

    /// True when `url` may be opened or emitted: http or https, with a host, nothing that is not
    /// a URL character (no space, control or bidi character can ride along).
    public static func isOpenable(_ url: String) -> Bool {
        let characters = Array(url)
        guard let schemeLength = scheme(at: 0, in: characters), characters.count > schemeLength,
              characters.count <= maximumLength else { return false }
        return characters.allSatisfy(isURLCharacter) && characters[schemeLength] != "/"
    }

    /// Whether `text` holds `://`, as every link does.
    private static func mayHoldLink(_ text: String) -> Bool {
        var matched = 0
        for byte in text.utf8 {
            if matched > 0, byte == UInt8(ascii: "/") {
                matched += 1
                if matched == 3 { return true }
            } else {
                matched = byte == UInt8(ascii: ":") ? 1 : 0
            }
        }
        return false
    }

    /// The length of `http://` or `https://` at `index` (any case), preceded by no letter.
    private static func scheme(at index: Int, in characters: [Character]) -> Int? {
        guard characters[index] == "h" || characters[index] == "H" else { return nil }
        if index > 0, characters[index - 1].isLetter { return nil }
        for prefix in ["https://", "http://"] {
            let end = index + prefix.count
            guard end <= characters.count else { continue }
            if String(characters[index..<end]).lowercased() == prefix { return prefix.count }
        }
        return nil
    }

    /// RFC 3986's characters, plus `%`; any non-ASCII letter is left out so a link ends at a
    /// Korean word written right after it (as is common without a space) and at bidi controls.
    static func isURLCharacter(_ character: Character) -> Bool {
        guard character.isASCII, let value = character.asciiValue else { return false }
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "-._~:/?#[]@!$&'()*+,;=%".contains(character)
        }
    }

    /// Drops what ends a sentence rather than the link: trailing `.,;:!?'` and a `)` or `]`
    /// with no opening one inside the link.
    private static func trimmedEnd(_ characters: [Character], from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            let last = characters[end - 1]
            if ".,;:!?'*".contains(last) {
                end -= 1
            } else if last == ")" || last == "]" {
                let opening: Character = last == ")" ? "(" : "["
                let inside = characters[start..<(end - 1)]
                guard inside.filter({ $0 == opening }).count < inside.filter({ $0 == last }).count + 1 else { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }
}
