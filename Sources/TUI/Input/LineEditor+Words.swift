extension LineEditor {
    /// Characters that make up a word for Alt-B/Alt-F (letters, digits, Hangul, emoji).
    static func isWordCharacter(_ character: Character) -> Bool {
        !(character.isWhitespace || character.isPunctuation || character.isSymbol && !character.unicodeScalars.contains { $0.properties.isEmoji })
    }

    /// Start of the word before the cursor (Alt-B, Alt-Backspace).
    func wordStart() -> Int {
        let characters = Array(text)
        var index = cursor
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// End of the word after the cursor (Alt-F, Alt-D).
    func wordEnd() -> Int {
        let characters = Array(text)
        var index = cursor
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Start of the whitespace-delimited word before the cursor (Ctrl-W, as in a shell).
    func spaceWordStart() -> Int {
        let characters = Array(text)
        var index = cursor
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }
}
