/// The quote older clients put in front of a reply's body (`> <@alice:hs> original` then a blank
/// line). tteok shows the original from the relation instead, so the fallback is cut off.
enum ReplyFallback {
    /// `body` without its leading `>` lines and the one blank line after them.
    static func strippedBody(_ body: String) -> String {
        guard body.hasPrefix(">") else { return body }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.hasPrefix(">") { lines = lines.dropFirst() }
        if let first = lines.first, first.isEmpty { lines = lines.dropFirst() }
        return lines.joined(separator: "\n")
    }
}
