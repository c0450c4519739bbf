import FoundationEssentials

/// How long a mute or ban lasts, as `--for` takes it: a whole number and a unit, `90s`, `30m`,
/// `12h`, `7d` or `2w`.
enum LengthOfTime {
    private static let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    /// Seconds, or a usage error naming the option. At most ten years: longer is "until lifted".
    static func seconds(_ text: String, option: String) throws(UsageError) -> TimeInterval {
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count > 0,
              TimeInterval(count) * unit <= 10 * 365 * 86_400 else {
            throw .invalidValue(option: option, value: text, reason: "expected a number and s, m, h, d or w (e.g. 30m, 7d), at most ten years")
        }
        return TimeInterval(count) * unit
    }
}
