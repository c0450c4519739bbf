import Foundation

/// Text written to break a terminal client, generated here so every test suite attacks with the
/// same corpus: escape and control sequences, bidi tricks, zero-width and combining floods, emoji
/// sequences, wide scripts, invalid UTF-8, huge messages and names made of SQL and format strings.
public enum HostileText {
    /// One labelled attack.
    public struct Sample: Sendable, CustomStringConvertible {
        public let name: String
        public let text: String
        public var description: String { name }

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// Short one-line attacks, cheap enough to post many times (the first is the OSC title set).
    public static let samples = [
        "\u{1B}]0;pwned\u{07}title",        // OSC set-title
        "\u{1B}]52;c;ZXZpbA==\u{07}clip",  // OSC 52 clipboard
        "\u{1B}[2J\u{1B}[Hclear",           // CSI clear screen
        "\u{9B}31mC1 CSI",                  // 8-bit CSI
        "\u{202E}evil\u{202C} bidi",        // right-to-left override
        "\u{2067}isolate\u{2069}",
        "null\u{0}byte and bell\u{7}",
        "line\nbreak\rreturn\ttab",
    ]

    /// Every attack, each small enough to be one message (at most 16 KiB of UTF-8).
    public static let corpus: [Sample] = escapes + bidi + floods + scripts + [
        Sample(name: "invalid UTF-8 decoded", text: String(decoding: invalidUTF8.joined(), as: UTF8.self)),
        Sample(name: "format and SQL", text: names.joined(separator: " ")),
    ]

    /// The attacks too big for a message (a backend refuses them; a pane must still draw them).
    public static let huge: [Sample] = [
        Sample(name: "1 MiB message", text: String(repeating: "가나다 \u{1B}[31mabc\u{202E} ", count: (1 << 20) / 22 + 1)),
        Sample(name: "10,000-line message", text: (1...10_000).map { "line \($0)\u{1B}[K" }.joined(separator: "\n")),
    ]

    /// What a member posts in the end-to-end test of the real client in tmux: each attack on the
    /// terminal itself (title, clipboard, clearing and moving, DCS, C1, bidi, floods) and a
    /// 10,000-line message, each small enough for any backend to carry as one message.
    public static let terminalAttacks: [Sample] = escapes.filter { ["CSI", "OSC title", "OSC 52 clipboard", "DCS", "C1 controls"].contains($0.name) }
        + [
            Sample(name: "OSC 0 and 2 titles, both terminators", text: "\u{1B}]0;pwned\u{07}\u{1B}]2;pwned too\u{1B}\\\u{9D}2;c1 title\u{9C} titles"),
            Sample(name: "cursor moves", text: "\u{1B}[1;1H\u{1B}[999;999H\u{1B}[5A\u{1B}[s\u{1B}7\u{1B}[u\u{1B}8\u{1B}D\u{1B}M\u{1B}c\u{1B}kwindow\u{1B}\\ moved"),
            Sample(name: "10,000-line message", text: (1...10_000).map { $0 % 1000 == 0 ? "line \($0)" : "" }.joined(separator: "\n")),
        ]
        + bidi.prefix(1) + floods.prefix(2)

    /// Nicknames and channel names made of SQL, shell, template and printf syntax, and worse.
    public static let names = [
        "%n%s'; DROP TABLE users;--",
        "Robert'); DROP TABLE messages;--",
        "%@%d%x%p%%",
        "{{7*7}}${jndi:ldap://x}",
        "$(rm -rf ~)`id`",
        "\\\"quoted\\\"",
        "\u{1B}]0;name\u{07}",
        "\u{202E}nimda",
        "\u{200B}\u{200B}\u{200B}",
        String(repeating: "👨‍👩‍👧", count: 40),
        String(repeating: "닉", count: 300),
    ]

    /// Byte sequences that are not UTF-8: stray continuation bytes, overlong forms, an encoded
    /// surrogate, a cut-short sequence, bytes past U+10FFFF.
    public static let invalidUTF8: [[UInt8]] = [
        [0x80, 0xBF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xFE, 0xFF], [0xE2, 0x82], [0x61, 0xF0, 0x9F, 0x98],
    ]

    static let escapes: [Sample] = [
        Sample(name: "CSI", text: "a\u{1B}[2J\u{1B}[H\u{1B}[31;1mred\u{1B}[0m\u{1B}[?1049h\u{1B}[6n\u{1B}[10;10r b"),
        Sample(name: "OSC title", text: "\u{1B}]0;pwned\u{07}\u{1B}]2;pwned too\u{1B}\\ after"),
        Sample(name: "OSC 52 clipboard", text: "\u{1B}]52;c;cm0gLXJmIH4K\u{07} paste me"),
        Sample(name: "OSC 8 link", text: "\u{1B}]8;;http://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
        Sample(name: "DCS", text: "\u{1B}P1$qm\u{1B}\\\u{1B}P+q544e\u{1B}\\ dcs"),
        Sample(name: "C1 controls", text: "\u{9B}2J \u{9D}0;t\u{9C} \u{90}q\u{9C} \u{85}nel \u{84}\u{8D}"),
        Sample(name: "lone ESC", text: "\u{1B}"),
        Sample(name: "ESC at the end", text: "text then escape \u{1B}"),
        Sample(name: "C0 controls", text: (0..<32).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}"),
        Sample(name: "noncharacters", text: scalars([0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF])),
        Sample(name: "line separators", text: "a\u{2028}b\u{2029}c\r\nd\re"),
    ]

    /// Scalars Swift literals refuse (noncharacters), built at run time.
    static func scalars(_ values: [UInt32]) -> String {
        String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
    }

    static let bidi: [Sample] = [
        Sample(name: "bidi overrides", text: "\u{202E}txt.exe\u{202C} \u{202D}ltr\u{202C} \u{202A}e\u{202B}f\u{202C}"),
        Sample(name: "bidi isolates", text: "\u{2066}a\u{2069}\u{2067}b\u{2069}\u{2068}c\u{2069} \u{2067}unclosed"),
        Sample(name: "bidi marks", text: "\u{200E}\u{200F}\u{061C}mark"),
    ]

    static let floods: [Sample] = [
        Sample(name: "zero-width flood", text: "a" + String(repeating: "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}", count: 400) + "b"),
        Sample(name: "combining flood", text: "Z" + String(repeating: "\u{0301}\u{0336}\u{0489}", count: 600) + "algo"),
        Sample(name: "lone combining marks", text: "\u{0301}\u{0308} start"),
        Sample(name: "variation selectors", text: "❤️❤︎☺️" + String(repeating: "\u{FE0F}", count: 100)),
    ]

    static let scripts: [Sample] = [
        Sample(name: "ZWJ emoji", text: "👨‍👩‍👧‍👦 🏳️‍🌈 👩🏽‍💻 🇰🇷🇯🇵 👍🏿 🧑‍🤝‍🧑"),
        Sample(name: "Korean and CJK", text: "떡볶이 먹으러 가요! 中文字符 日本語テキスト ｆｕｌｌｗｉｄｔｈ"),
        Sample(name: "conjoining jamo", text: "\u{1100}\u{1161}\u{11A8}\u{1112}\u{1161}\u{11AB} ᄒᆞᆫ"),
        Sample(name: "wide at odd columns", text: "a가b나c다" + String(repeating: "한", count: 200)),
        Sample(name: "tag sequence", text: "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} flag"),
    ]
}
