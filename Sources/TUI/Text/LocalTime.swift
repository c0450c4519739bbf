import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A moment as the wall clock shows it: the day for separators, the hour and minute for times.
///
/// Read through the C library's `localtime_r` (TZ, else /etc/localtime) rather than Foundation's
/// `Calendar.current`: that one loads ICU's locale, calendar and time-zone data, several
/// megabytes of resident memory for a client that only ever shows `2026-12-02` and `12:03`.
public struct LocalTime: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int

    /// How dates become wall-clock times: the system's local time zone, or a fixed offset (tests).
    public enum Zone: Hashable, Sendable {
        case system
        case fixed(secondsEastOfUTC: Int)
    }

    public init(_ date: Date, zone: Zone = .system) {
        let parts = Self.parts(date, zone: zone)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
    }

    /// The C library's broken-down time of `date` in `zone`.
    static func parts(_ date: Date, zone: Zone) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        switch zone {
        case .system:
            localtime_r(&seconds, &parts)
        case .fixed(let offset):
            seconds += time_t(offset)
            gmtime_r(&seconds, &parts)
        }
        return parts
    }

    /// The calendar day, for "did the day change between these two messages".
    public var dayNumber: Int { (year * 100 + month) * 100 + day }

    /// `2026-12-02`.
    public var dateText: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) }

    /// `09:05`.
    public var timeText: String { Self.padded(hour, 2) + ":" + Self.padded(minute, 2) }

    static func padded(_ value: Int, _ digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
