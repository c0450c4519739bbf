/// The input line: shell-like editing over grapheme clusters (a Korean syllable, an emoji with
/// its modifiers and a letter with its accents each move and delete as one), with history.
///
/// Keys it does not use come back as `.ignored` for the key map (Esc, Tab, Ctrl-K the quick
/// switcher, …). Enter answers `.submit`; the caller decides what happens to the text and calls
/// `commit()` to record it in the history and clear the line.
public struct LineEditor: Hashable, Sendable {
    /// What handling a key did.
    public enum Outcome: Hashable, Sendable {
        /// The text or the cursor changed: redraw.
        case changed
        /// Nothing to do (e.g. Backspace at the start).
        case unchanged
        /// Enter was pressed.
        case submit
        /// Not an editing key.
        case ignored
    }

    public private(set) var text: String
    /// Cursor position in grapheme clusters from the start (0…text.count).
    public private(set) var cursor: Int
    public private(set) var history: [String] = []
    /// Entries kept in the history.
    public var historyLimit = 200
    /// Alt-Enter and Ctrl-J put a newline in the text (the chat's input); elsewhere (a form's
    /// field) Ctrl-J is Enter, as a terminal's line discipline has it, and Alt-Enter nothing.
    public var allowsNewlines = false
    private var historyPosition: Int?
    private var draft = ""

    public init(text: String = "") {
        self.text = text
        self.cursor = text.count
    }

    /// An empty editor whose text may hold newlines (the chat's input).
    public static var multiLine: LineEditor {
        var editor = LineEditor()
        editor.allowsNewlines = true
        return editor
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character): return insert(String(character))
        case .paste(let pasted): return insert(Self.cleanPaste(pasted))
        case .control(let letter): return control(letter)
        case .alt(let letter): return alt(letter)
        case .named(let named, let modifiers): return namedKey(named, modifiers)
        case .mouse: return .ignored
        }
    }

    /// Replaces the whole line (e.g. a slash command completed), cursor at the end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
        historyPosition = nil
    }

    /// Replaces the characters in `range` with `replacement`, the cursor after it (a Tab
    /// completion putting a name in place of the typed word).
    public mutating func replace(_ range: Range<Int>, with replacement: String) {
        let lower = min(max(range.lowerBound, 0), text.count), upper = min(max(range.upperBound, lower), text.count)
        let start = text.index(text.startIndex, offsetBy: lower)
        text.replaceSubrange(start..<text.index(start, offsetBy: upper - lower), with: replacement)
        cursor = min(lower + replacement.count, text.count)
        historyPosition = nil
    }

    /// Records the line in the history (unless empty or equal to the last entry), clears it and
    /// returns what it held.
    @discardableResult
    public mutating func commit() -> String {
        let line = text
        if !line.allSatisfy(\.isWhitespace), history.last != line {
            history.append(line)
            if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        }
        setText("")
        draft = ""
        return line
    }

    private mutating func control(_ letter: Character) -> Outcome {
        switch letter {
        case "a": return move(to: 0)
        case "e": return move(to: text.count)
        case "b": return move(to: cursor - 1)
        case "f": return move(to: cursor + 1)
        case "d": return delete(cursor..<(cursor + 1))
        case "h": return delete((cursor - 1)..<cursor)
        case "w": return delete(spaceWordStart()..<cursor)
        case "u": return delete(0..<cursor)
        case "j": return allowsNewlines ? insert("\n") : .submit
        case "p": return recall(-1)
        case "n": return recall(+1)
        default: return .ignored
        }
    }

    private mutating func alt(_ letter: Character) -> Outcome {
        switch letter {
        case "b": return move(to: wordStart())
        case "f": return move(to: wordEnd())
        case "d": return delete(cursor..<wordEnd())
        default: return .ignored
        }
    }

    private mutating func namedKey(_ key: NamedKey, _ modifiers: KeyModifiers) -> Outcome {
        let byWord = modifiers.contains(.control) || modifiers.contains(.alt)
        switch key {
        case .left: return move(to: byWord ? wordStart() : cursor - 1)
        case .right: return move(to: byWord ? wordEnd() : cursor + 1)
        case .home: return move(to: 0)
        case .end: return move(to: text.count)
        case .backspace: return delete((byWord ? wordStart() : cursor - 1)..<cursor)
        case .delete: return delete(cursor..<(cursor + 1))
        case .up: return recall(-1)
        case .down: return recall(+1)
        case .enter where modifiers.isEmpty: return .submit
        case .enter where modifiers == .alt && allowsNewlines: return insert("\n")
        default: return .ignored
        }
    }

    private mutating func insert(_ inserted: String) -> Outcome {
        guard !inserted.isEmpty else { return .unchanged }
        let split = text.index(text.startIndex, offsetBy: cursor)
        let before = String(text[..<split]) + inserted
        text = before + text[split...]
        cursor = min(before.count, text.count)
        historyPosition = nil
        return .changed
    }

    private mutating func move(to position: Int) -> Outcome {
        let clamped = min(max(position, 0), text.count)
        guard clamped != cursor else { return .unchanged }
        cursor = clamped
        return .changed
    }

    private mutating func delete(_ range: Range<Int>) -> Outcome {
        let lower = max(range.lowerBound, 0)
        let upper = min(range.upperBound, text.count)
        guard lower < upper else { return .unchanged }
        let start = text.index(text.startIndex, offsetBy: lower)
        let end = text.index(start, offsetBy: upper - lower)
        text.removeSubrange(start..<end)
        cursor = lower
        historyPosition = nil
        return .changed
    }

    /// Moves through the history: -1 older, +1 newer (past the newest: back to the draft).
    private mutating func recall(_ step: Int) -> Outcome {
        guard !history.isEmpty else { return .unchanged }
        let current = historyPosition ?? history.count
        let target = min(max(current + step, 0), history.count)
        guard target != current else { return .unchanged }
        if historyPosition == nil { draft = text }
        let line = target == history.count ? draft : history[target]
        text = line
        cursor = line.count
        historyPosition = target == history.count ? nil : target
        return .changed
    }

    /// Pasted text as it enters the line: line breaks normalised to `\n`, other control
    /// characters dropped (they could only do harm on the way out).
    static func cleanPaste(_ pasted: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in pasted.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A: if !previousWasCR { result.append("\n") }
            case 0x0D: result.append("\n")
            case 0x09: result.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
