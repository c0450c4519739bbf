import FoundationEssentials

/// A token bucket per connection: `burst` requests at once, refilled at `perSecond`. A client
/// over it is answered "slow down" (with how long to wait), and nothing it asked is done.
struct RateLimiter {
    let perSecond: Double
    let burst: Double
    private var tokens: Double
    private var last: TimeInterval

    init(perSecond: Double, burst: Double, now: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        self.perSecond = perSecond
        self.burst = burst
        tokens = burst
        last = now
    }

    /// Nil when the request may go ahead; else the milliseconds until it may.
    mutating func take(now: TimeInterval = ProcessInfo.processInfo.systemUptime) -> Int? {
        tokens = min(burst, tokens + (now - last) * perSecond)
        last = now
        guard tokens >= 1 else { return Int(((1 - tokens) / perSecond * 1000).rounded(.up)) }
        tokens -= 1
        return nil
    }
}
