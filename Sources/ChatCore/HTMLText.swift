/// Matrix's `org.matrix.custom.html` made into `FormattedText` from an allow-list: bold, italic,
/// code, strike-through, quotes, lists, line breaks and `http`/`https`/`mailto` links. Every other
/// tag is dropped and its text kept as text; `script`, `style`, `head`, `title`, `template` and
/// a reply's `mx-reply` fallback are dropped with their text. The HTML comes from anyone, so the
/// work is bounded: one pass over at most `inputLimit` characters, no recursion (nesting is
/// counters), at most `outputLimit` characters out. A link whose text is not its target shows
/// the target after it, so no text can pass for another address.
public enum HTMLText {
    public static let inputLimit = 64 * 1024
    public static let outputLimit = 16 * 1024
    /// Lists nested deeper than this are drawn at this depth.
    public static let listDepth = 8

    public static func formatted(_ html: String) -> FormattedText {
        var builder = HTMLRunBuilder()
        builder.read(Array(html.unicodeScalars.prefix(inputLimit)))
        return FormattedText(runs: builder.runs)
    }
}

/// The one pass `HTMLText.formatted` makes.
struct HTMLRunBuilder {
    private(set) var runs: [FormattedText.Run] = []
    private var bold = 0, italic = 0, code = 0, quote = 0, strike = 0, preformatted = 0, skipped = 0
    private var links: [(target: String?, textStart: Int)] = []
    private var lists: [(ordered: Bool, next: Int)] = []
    private var written = 0
    private var atLineStart = true

    private static let skippedTags: Set<String> = ["script", "style", "head", "title", "template", "mx-reply"]
    private static let blockTags: Set<String> = ["p", "div", "blockquote", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6",
                                                 "table", "tr", "hr", "details", "summary"]

    mutating func read(_ scalars: [Unicode.Scalar]) {
        var index = 0
        while index < scalars.count, written < HTMLText.outputLimit {
            let scalar = scalars[index]
            if scalar == "<" {
                if starts(scalars, at: index, with: "<!--") {
                    guard let end = find(scalars, "-->", from: index + 4) else { return }
                    index = end + 3
                    continue
                }
                guard let end = scalars[(index + 1)...].firstIndex(of: ">") else {
                    // No tag can close: the rest is text, as much of it as may be written.
                    text(scalars[index..<min(scalars.count, index + HTMLText.outputLimit)])
                    break
                }
                tag(String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
                index = end + 1
            } else if scalar == "&" {
                let (decoded, length) = Self.entity(scalars, at: index)
                text([decoded][...])
                index += length
            } else {
                text(scalars[index...index])
                index += 1
            }
        }
        if written >= HTMLText.outputLimit { runs.append(FormattedText.Run("…")) }
    }

    // MARK: Tags

    private mutating func tag(_ raw: String) {
        let closing = raw.hasPrefix("/")
        let name = String(raw.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }).lowercased()
        if Self.skippedTags.contains(name) {
            skipped = max(0, skipped + (closing ? -1 : 1))
            return
        }
        guard skipped == 0 else { return }
        if name == "br" { return lineBreak() }
        if Self.blockTags.contains(name) { endLine() }
        let step = closing ? -1 : 1
        switch name {
        case "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6": bold = max(0, bold + step)
        case "i", "em": italic = max(0, italic + step)
        case "code": code = max(0, code + step)
        case "pre": code = max(0, code + step); preformatted = max(0, preformatted + step)
        case "del", "s", "strike": strike = max(0, strike + step)
        case "blockquote": quote = max(0, quote + step)
        case "a": closing ? closeLink() : links.append((Self.href(in: raw), written))
        case "ul", "ol":
            if closing { _ = lists.popLast() } else if lists.count < 1024 { lists.append((name == "ol", 1)) }
        case "li" where !closing: listItem()
        default: break
        }
    }

    private mutating func listItem() {
        let depth = min(lists.count, HTMLText.listDepth)
        let indent = String(repeating: "  ", count: max(0, depth - 1))
        guard var list = lists.popLast() else { return append("• ") }
        append(indent + (list.ordered ? "\(list.next). " : "• "))
        list.next += 1
        lists.append(list)
    }

    private mutating func closeLink() {
        guard let link = links.popLast() else { return }
        guard let target = link.target else { return }
        let shown = runs.reversed().prefix { $0.link == target }.reversed().map(\.text).joined()
        if shown.trimmingWhitespace() != target, !target.hasPrefix("mailto:") || "mailto:" + shown != target {
            append(" (\(target))", extra: [], link: nil)
        }
    }

    /// Where the value after the first `href=` (in any case) starts. Compared character by
    /// character rather than with a regular expression: Swift's regex engine and the Unicode name
    /// tables it brings are about 1 MB of the binary.
    private static func endOfHrefName(in raw: String) -> String.Index? {
        var start = raw.startIndex
        while start < raw.endIndex {
            var probe = start
            let matched = "href=".allSatisfy { wanted in
                guard probe < raw.endIndex, raw[probe].lowercased() == String(wanted) else { return false }
                probe = raw.index(after: probe)
                return true
            }
            if matched { return probe }
            start = raw.index(after: start)
        }
        return nil
    }

    /// `href="…"` (or `'…'`, or bare) of an `a` tag, kept only for http, https and mailto, without
    /// spaces or controls, and at most 2048 characters.
    static func href(in raw: String) -> String? {
        guard let end = endOfHrefName(in: raw) else { return nil }
        var rest = raw[end...]
        let quote = rest.first == "\"" || rest.first == "'" ? rest.first : nil
        if quote != nil { rest = rest.dropFirst() }
        let value = String(rest.prefix { character in
            if let quote { return character != quote }
            return character != " " && character != "/"
        })
        let target = String(decoding: Self.decodedEntities(value).utf8, as: UTF8.self)
        let lower = target.lowercased()
        guard target.count <= 2048, ["http://", "https://", "mailto:"].contains(where: lower.hasPrefix),
              !target.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.properties.generalCategory == .format })
        else { return nil }
        return target
    }

    // MARK: Text

    private mutating func text(_ scalars: ArraySlice<Unicode.Scalar>) {
        guard skipped == 0 else { return }
        for scalar in scalars {
            if preformatted == 0, scalar.properties.isWhitespace, scalar != "\u{00A0}" {
                // Runs of white space are one space, none at a line's start.
                if !atLineStart, runs.last?.text.last != " " { append(" ") }
                continue
            }
            if scalar == "\n" { lineBreak(); continue }
            append(String(scalar))
        }
    }

    private mutating func lineBreak() {
        append("\n")
        atLineStart = true
    }

    /// A block starts or ends: a new line unless at one.
    private mutating func endLine() {
        if !atLineStart { lineBreak() }
    }

    private mutating func append(_ text: String, extra: FormattedText.Marks = [], link explicit: String?? = .none) {
        if atLineStart, text != "\n", quote > 0 {
            atLineStart = false
            add("│ ", marks: .quote, link: nil)
        }
        if text != "\n" { atLineStart = false }
        var marks = extra
        if bold > 0 { marks.insert(.bold) }
        if italic > 0 { marks.insert(.italic) }
        if code > 0 { marks.insert(.code) }
        if strike > 0 { marks.insert(.strike) }
        if quote > 0 { marks.insert(.quote) }
        let link: String? = explicit ?? links.last?.target
        if link != nil, explicit == .none { marks.insert(.link) }
        add(text, marks: marks, link: link)
    }

    private mutating func add(_ text: String, marks: FormattedText.Marks, link: String?) {
        let room = HTMLText.outputLimit - written
        guard room > 0 else { return }
        let text = text.unicodeScalars.count <= room ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(room)))
        written += text.unicodeScalars.count
        if let last = runs.last, last.marks == marks, last.link == link {
            runs[runs.count - 1].text += text
        } else {
            runs.append(FormattedText.Run(text, marks, link: link))
        }
    }

    // MARK: Entities

    /// The character `&…;` at `index` stands for and how many scalars it took; a `&` that starts
    /// no known entity is itself.
    static func entity(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int) {
        let window = scalars[index..<min(scalars.count, index + 12)]
        guard let semicolon = window.firstIndex(of: ";") else { return ("&", 1) }
        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
        guard let decoded = decode(name) else { return ("&", 1) }
        return (decoded, semicolon - index + 1)
    }

    private static func decode(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return "\u{00A0}"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return scalar
    }

    private static func decodedEntities(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&" {
                let (scalar, length) = entity(scalars, at: index)
                out.append(scalar)
                index += length
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    private func starts(_ scalars: [Unicode.Scalar], at index: Int, with prefix: String) -> Bool {
        let wanted = Array(prefix.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    private func find(_ scalars: [Unicode.Scalar], _ needle: String, from start: Int) -> Int? {
        let wanted = Array(needle.unicodeScalars)
        guard start + wanted.count <= scalars.count else { return nil }
        return (start...(scalars.count - wanted.count)).first { Array(scalars[$0..<($0 + wanted.count)]) == wanted }
    }
}
