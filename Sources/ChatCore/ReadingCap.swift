/// How much of one message's text is ever read back from a store or cache to be shown.
///
/// New posts are limited where they are stored (16 KiB on the embedded community), but anyone who
/// can write the shared file, or a homeserver, can store a body of any size; reading a channel
/// must not cost that body's size in time and memory. So a backend reads at most `bytes` of a
/// body, and the message carries how many bytes were left out (`Message.omittedBytes`), which
/// every front end shows after the text as "[… N KB more]".
public enum ReadingCap {
    /// The most of one body that is read: 64 KiB of UTF-8.
    public static let bytes = 64 * 1024

    /// The text of a body's first bytes (as read, at most `bytes`) cut back to a whole scalar, and
    /// how many of the body's `totalBytes` it leaves out.
    public static func text(from prefix: [UInt8], totalBytes: Int) -> (text: String, omittedBytes: Int) {
        guard totalBytes > prefix.count else { return (String(decoding: prefix, as: UTF8.self), 0) }
        var end = prefix.count
        // Drop the last scalar when the cut split it: find its lead byte, and see if it is whole.
        var lead = end - 1
        while lead > 0, end - lead < 4, prefix[lead] & 0xC0 == 0x80 { lead -= 1 }
        if lead >= 0, lead + scalarLength(lead: prefix[lead]) > end { end = lead }
        return (String(decoding: prefix[..<end], as: UTF8.self), totalBytes - end)
    }

    /// A body already in memory, cut the same way.
    public static func text(_ body: String) -> (text: String, omittedBytes: Int) {
        let utf8 = body.utf8
        guard utf8.count > bytes else { return (body, 0) }
        return text(from: Array(utf8.prefix(bytes)), totalBytes: utf8.count)
    }

    /// The omitted size as the marker shows it: kilobytes, rounded up (never 0 for a cut body).
    public static func kilobytes(_ omittedBytes: Int) -> Int {
        (omittedBytes + 1023) / 1024
    }

    private static func scalarLength(lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }
}
