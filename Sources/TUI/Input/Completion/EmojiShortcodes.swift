/// Emoji by the short names chat users type (`:tteok` → 🍡), the common ones of Slack, GitHub and
/// Element plus tteok's own: completion offers the emoji for a word starting with `:`.
public enum EmojiShortcodes {
    /// Name → emoji, sorted by name (the order candidates cycle in).
    public static let table: [(name: String, emoji: String)] = [
        ("+1", "👍"), ("-1", "👎"), ("100", "💯"), ("angry", "😠"), ("apple", "🍎"), ("bento", "🍱"),
        ("beer", "🍺"), ("bell", "🔔"), ("blush", "😊"), ("boom", "💥"), ("bowing", "🙇"), ("bread", "🍞"),
        ("broken_heart", "💔"), ("bubble_tea", "🧋"), ("bus", "🚌"), ("cake", "🍰"), ("camera", "📷"), ("candy", "🍬"),
        ("cat", "🐱"), ("check", "✔️"), ("cherry_blossom", "🌸"), ("chicken", "🍗"), ("chopsticks", "🥢"), ("clap", "👏"),
        ("coffee", "☕"), ("cold_sweat", "😰"), ("confused", "😕"), ("cookie", "🍪"), ("cool", "😎"), ("cry", "😢"),
        ("curry", "🍛"), ("dango", "🍡"), ("dog", "🐶"), ("dumpling", "🥟"), ("egg", "🥚"), ("eyes", "👀"),
        ("facepalm", "🤦"), ("fire", "🔥"), ("fish_cake", "🍥"), ("flag_kr", "🇰🇷"), ("fork_and_knife", "🍴"), ("fried_shrimp", "🍤"),
        ("frowning", "😦"), ("gift", "🎁"), ("grin", "😁"), ("grinning", "😀"), ("heart", "❤️"), ("heart_eyes", "😍"),
        ("hot", "🥵"), ("hot_pepper", "🌶️"), ("hugs", "🤗"), ("hushed", "😯"), ("icecream", "🍦"), ("innocent", "😇"),
        ("joy", "😂"), ("kimchi", "🥬"), ("kiss", "😘"), ("laughing", "😆"), ("map", "🗺️"), ("meat_on_bone", "🍖"),
        ("moon", "🌙"), ("muscle", "💪"), ("neutral_face", "😐"), ("noodles", "🍜"), ("ok", "🆗"), ("ok_hand", "👌"),
        ("oden", "🍢"), ("party", "🥳"), ("pensive", "😔"), ("pin", "📍"), ("pizza", "🍕"), ("point_up", "☝️"),
        ("pray", "🙏"), ("question", "❓"), ("rage", "😡"), ("rainbow", "🌈"), ("raised_hands", "🙌"), ("rice", "🍚"),
        ("rice_ball", "🍙"), ("rice_cracker", "🍘"), ("rocket", "🚀"), ("rofl", "🤣"), ("sake", "🍶"), ("scream", "😱"),
        ("see_no_evil", "🙈"), ("shrug", "🤷"), ("sleeping", "😴"), ("smile", "😄"), ("smiley", "😃"), ("smirk", "😏"),
        ("sob", "😭"), ("soju", "🍶"), ("sparkles", "✨"), ("spicy", "🌶️"), ("star", "⭐"), ("stew", "🍲"),
        ("stuck_out_tongue", "😛"), ("sunglasses", "😎"), ("sunny", "☀️"), ("sushi", "🍣"), ("sweat_smile", "😅"), ("tada", "🎉"),
        ("taxi", "🚕"), ("tea", "🍵"), ("thinking", "🤔"), ("thumbsdown", "👎"), ("thumbsup", "👍"), ("train", "🚆"),
        ("tteok", "🍡"), ("tteokbokki", "🍢"), ("umbrella", "☂️"), ("unamused", "😒"), ("upside_down", "🙃"), ("walking", "🚶"),
        ("warning", "⚠️"), ("wave", "👋"), ("wink", "😉"), ("worried", "😟"), ("x", "❌"), ("yum", "😋"),
        ("zany", "🤪"), ("zzz", "💤"),
    ]

    /// The emoji whose names start with `prefix` (without the colon), in name order.
    public static func matching(_ prefix: String) -> [String] {
        let wanted = prefix.lowercased()
        return table.filter { $0.name.hasPrefix(wanted) }.map(\.emoji)
    }
}
