/// The Markdown tteok understands in what people type: `*em*`, `**strong**`, `` `code` `` and
/// `[text](https://…)` links — nothing more, so ordinary text never turns into markup by surprise.
/// Sent on Matrix as `formatted_body` HTML (`html(_:)`), and drawn from the source on the
/// embedded community (`formatted(_:)`), so both backends carry the same spans. One pass, with
/// the next closing mark of each kind found in advance: unmatched marks stay text, and a line of
/// thousands of `*` costs no more than its length.
public enum MarkdownText {
    /// Nil when `text` has no Markdown of ours (then it is plain text).
    public static func formatted(_ text: String) -> FormattedText? {
        guard text.contains(where: { "*`[".contains($0) }) else { return nil }
        let characters = Array(text.prefix(HTMLText.outputLimit))
        let runs = MarkdownScan(characters).runs()
        guard runs.contains(where: { !$0.marks.isEmpty }) else { return nil }
        return FormattedText(runs: runs)
    }

    /// `formatted` as `org.matrix.custom.html`, every character of the text escaped; nil for plain text.
    public static func html(_ text: String) -> String? {
        guard let formatted = formatted(text) else { return nil }
        return formatted.runs.map { run in
            var html = escaped(run.text).replacingScalars(["\n": "<br>"])
            if run.marks.contains(.code) { html = "<code>\(html)</code>" }
            if run.marks.contains(.italic) { html = "<em>\(html)</em>" }
            if run.marks.contains(.bold) { html = "<strong>\(html)</strong>" }
            if let link = run.link { html = "<a href=\"\(escaped(link))\">\(html)</a>" }
            return html
        }.joined()
    }

    /// `text` with every character HTML gives a meaning to escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// One pass of `MarkdownText` over a text's characters.
struct MarkdownScan {
    private let characters: [Character]
    /// For each position, where the next single `*`, `**`, `` ` ``, `]` and `)` start (or nil).
    private var nextStar: [Int?], nextDouble: [Int?], nextTick: [Int?], nextBracket: [Int?], nextParen: [Int?]

    init(_ characters: [Character]) {
        self.characters = characters
        let count = characters.count + 2
        nextStar = Array(repeating: nil, count: count)
        nextDouble = nextStar
        nextTick = nextStar
        nextBracket = nextStar
        nextParen = nextStar
        for index in stride(from: characters.count - 1, through: 0, by: -1) {
            let character = characters[index]
            let isDouble = character == "*" && index + 1 < characters.count && characters[index + 1] == "*"
            nextStar[index] = character == "*" && !isDouble && (index == 0 || characters[index - 1] != "*") ? index : nextStar[index + 1]
            nextDouble[index] = isDouble ? index : nextDouble[index + 1]
            nextTick[index] = character == "`" ? index : nextTick[index + 1]
            nextBracket[index] = character == "]" ? index : nextBracket[index + 1]
            nextParen[index] = character == ")" ? index : nextParen[index + 1]
        }
    }

    func runs() -> [FormattedText.Run] {
        var runs: [FormattedText.Run] = []
        var marks: FormattedText.Marks = []
        var index = 0
        func add(_ text: String, _ marks: FormattedText.Marks, link: String? = nil) {
            if let last = runs.last, last.marks == marks, last.link == link { runs[runs.count - 1].text += text } else {
                runs.append(FormattedText.Run(text, marks, link: link))
            }
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`", let end = nextTick[index + 1] {
                add(String(characters[(index + 1)..<end]), marks.union(.code))
                index = end + 1
            } else if character == "*", index + 1 < characters.count, characters[index + 1] == "*",
                      marks.contains(.bold) || nextDouble[index + 2] != nil {
                marks.formSymmetricDifference(.bold)
                index += 2
            } else if character == "*", marks.contains(.italic) || nextStar[index + 1] != nil {
                marks.formSymmetricDifference(.italic)
                index += 1
            } else if character == "[", let link = link(at: index) {
                add(link.text, marks.union(.link), link: link.target)
                index = link.end
            } else {
                add(String(character), marks)
                index += 1
            }
        }
        return runs
    }

    /// `[text](target)` at `index`, with a web or mail target; nil otherwise.
    private func link(at index: Int) -> (text: String, target: String, end: Int)? {
        guard let close = nextBracket[index + 1], close + 1 < characters.count, characters[close + 1] == "(",
              let end = nextParen[close + 2] else { return nil }
        let target = String(characters[(close + 2)..<end])
        let lower = target.lowercased()
        guard ["http://", "https://", "mailto:"].contains(where: lower.hasPrefix), !target.contains(where: \.isWhitespace) else { return nil }
        return (String(characters[(index + 1)..<close]), target, end + 1)
    }
}
