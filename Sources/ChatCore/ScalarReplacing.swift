extension String {
    /// Each scalar that `replacements` names replaced by its text, scalar by scalar as NSString's
    /// `replacingOccurrences` matched them: the standard library's `replacing` compares whole
    /// characters, so a backslash or ESC followed by a combining mark would go unreplaced.
    public func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result.append(contentsOf: replacement.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
