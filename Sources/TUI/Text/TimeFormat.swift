import ChatCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How times are written: tteok's `HH:MM`, or the config file's `time_format` in `strftime`'s
/// notation (`%I:%M %p`, `%H:%M:%S`). In lists (conversations, search results, my messages) a
/// message from before today shows its date instead, so a three-day-old message is not read as
/// this morning's.
public struct TimeFormat: Hashable, Sendable {
    /// A `strftime` pattern; nil for `HH:MM`.
    public var pattern: String?
    public var zone: LocalTime.Zone

    public init(pattern: String? = nil, zone: LocalTime.Zone = .system) {
        self.pattern = pattern
        self.zone = zone
    }

    /// The time of day of `date`.
    public func time(_ date: Date) -> String {
        guard let pattern else { return LocalTime(date, zone: zone).timeText }
        return Self.format(date, pattern: pattern, zone: zone)
    }

    /// What a list shows for a message sent at `date`: its time when that is today, else its date.
    public func listLabel(_ date: Date, now: Date = Date()) -> String {
        let sent = LocalTime(date, zone: zone)
        return sent.dayNumber == LocalTime(now, zone: zone).dayNumber ? time(date) : sent.dateText
    }

    /// `strftime` of `date` in `zone`; a pattern that gives nothing (or more than fits a line's
    /// time column) falls back to `HH:MM`.
    static func format(_ date: Date, pattern: String, zone: LocalTime.Zone) -> String {
        var parts = LocalTime.parts(date, zone: zone)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        guard count > 0 else { return LocalTime(date, zone: zone).timeText }
        let text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return InertText.sanitize(text)
    }
}
