/// An `mxc://server/mediaID` URI checked against the Matrix spec's grammar. Media URIs arrive in
/// other people's events, and their parts become path segments of a request: `..` or a stray `/`
/// must never reach a URL, so anything outside the grammar is refused before any request.
///
/// Spec (appendices, "Server Name" and "Matrix Content (mxc://) URIs"):
/// `server_name = hostname [ ":" port ]`, `hostname = IPv4address / "[" IPv6address "]" / dns-name`,
/// `dns-name = 1*255(DIGIT / ALPHA / "-" / ".")`, `port = 1*5DIGIT`, media id `[A-Za-z0-9_-]+`.
struct MediaReference: Hashable, Sendable {
    let serverName: String
    let mediaID: String

    /// Nil unless `uri` is exactly `mxc://` + a valid server name + `/` + a valid media id.
    init?(_ uri: String) {
        guard uri.hasPrefix("mxc://") else { return nil }
        let parts = uri.dropFirst(6).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isServerName(parts[0]), Self.isMediaID(parts[1]) else { return nil }
        serverName = String(parts[0])
        mediaID = String(parts[1])
    }

    static func isMediaID(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    static func isServerName(_ text: Substring) -> Bool {
        var host = text
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            guard Self.isPort(text[text.index(after: colon)...]) else { return false }
            host = text[..<colon]
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { return isIPv6(host.dropFirst().dropLast()) }
        return isDNSName(host)  // an IPv4 address is also a valid dns-name
    }

    private static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.count) && text.utf8.allSatisfy(isDigit)
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        (2...45).contains(text.count) && text.utf8.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
    }

    /// The spec's dns-name, with empty labels refused too: `.` and `..` are path segments a URL
    /// library would resolve, and no real host has an empty label.
    private static func isDNSName(_ text: Substring) -> Bool {
        guard (1...255).contains(text.utf8.count),
              text.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
