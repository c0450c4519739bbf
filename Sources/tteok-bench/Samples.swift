/// The timings (or sizes) of several runs of one measurement, summarised the way the table shows
/// them: the median and the 95th percentile (nearest rank), so one slow run neither hides nor
/// dominates.
struct Samples: Sendable {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) { self.values = values }

    mutating func append(_ value: Double) { values.append(value) }

    var isEmpty: Bool { values.isEmpty }
    var count: Int { values.count }

    var median: Double { percentile(50) }
    var p95: Double { percentile(95) }
    var maximum: Double { values.max() ?? 0 }

    /// Nearest-rank percentile: the smallest value with at least `p`% of the runs at or below it.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
