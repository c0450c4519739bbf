import Foundation

/// What a row's figure is: sets the unit printed and whether smaller is better (always, here).
enum Unit: String, Sendable {
    case milliseconds = "ms"
    case megabytes = "MB"
    case bytes = "B"
    case percent = "%"
    case count = ""

    func format(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        switch self {
        case .milliseconds: return value < 10 ? String(format: "%.2f ms", value) : String(format: "%.1f ms", value)
        case .megabytes: return String(format: "%.1f MB", value)
        case .bytes: return String(format: "%.0f B", value)
        case .percent: return String(format: "%.3f %%", value)
        case .count: return String(format: "%.0f", value)
        }
    }
}

/// How a row came out.
enum Verdict: Sendable {
    case pass
    case fail
    /// Not measured (e.g. no homeserver given); not counted.
    case skip(String)
    /// The measurement itself failed; counts as a miss.
    case error(String)

    var label: String {
        switch self {
        case .pass: return "PASS"
        case .fail: return "FAIL"
        case .skip(let why): return "SKIP (\(why))"
        case .error(let why): return "FAIL (\(why))"
        }
    }

    var counts: Bool {
        if case .skip = self { return false }
        return true
    }

    var met: Bool {
        if case .pass = self { return true }
        return false
    }
}

/// One line of the table: a measurement, its median and p95 over the runs, the budget, the verdict.
/// The verdict is decided on the p95 — a budget met only half the time is not met.
struct BudgetRow: Sendable {
    var what: String
    var unit: Unit
    var budget: Double
    var samples: Samples
    var verdict: Verdict
    /// The server's own time for the same request in the same run, shown beside the client's.
    var server: Samples?
    /// How the budget reads when it also depends on the server's time.
    private var budgetNote: String?

    init(_ what: String, unit: Unit, budget: Double, samples: Samples) {
        self.what = what
        self.unit = unit
        self.budget = budget
        self.samples = samples
        verdict = samples.isEmpty ? .error("no samples") : (samples.p95 <= budget ? .pass : .fail)
    }

    /// A budget of at most `budget` and at most `factor` times the server's median for the same
    /// request: the client may add only so much to what the server itself takes.
    init(_ what: String, unit: Unit, budget: Double, samples: Samples, server: Samples, factor: Double) {
        let relative = server.isEmpty ? budget : factor * server.median
        self.init(what, unit: unit, budget: min(budget, relative), samples: samples)
        self.server = server
        budgetNote = "≤ " + unit.format(budget) + String(format: " and ≤ %.1f× server", factor)
    }

    /// A budget only relative to the server's median for the same work, for a row whose issue
    /// sets no absolute figure (the server's own time for it grows with the account).
    init(_ what: String, unit: Unit, samples: Samples, server: Samples, factor: Double) {
        self.init(what, unit: unit, budget: factor * server.median, samples: samples)
        self.server = server
        if server.isEmpty { verdict = .error("no server samples") }
        budgetNote = String(format: "≤ %.1f× server", factor)
    }

    init(_ what: String, unit: Unit, budget: Double, verdict: Verdict) {
        self.what = what
        self.unit = unit
        self.budget = budget
        self.samples = Samples()
        self.verdict = verdict
    }

    var budgetText: String { budgetNote ?? "≤ " + unit.format(budget) }

    /// A homeserver row when none was given: shown as not measured, with how to give one.
    static func noHomeserver(_ name: String, budget: Double, unit: Unit = .milliseconds) -> BudgetRow {
        BudgetRow(name, unit: unit, budget: budget, verdict: .skip("no homeserver: --homeserver URL or TTEOK_SYNAPSE_URL"))
    }
}
