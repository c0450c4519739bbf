import TUI

/// Prints the rows as one Markdown table (pasteable into the README), the closing count, and for
/// each row beside the server how the server itself spread over the runs.
/// Column widths use TUI's display width, so Korean labels line up in a terminal too.
enum ResultTable {
    static let header = ["what", "median", "p95", "server (median)", "budget", "result"]

    static func render(_ rows: [BudgetRow]) -> String {
        let cells = [header] + rows.map { row in
            [row.what, row.samples.isEmpty ? "—" : row.unit.format(row.samples.median),
             row.samples.isEmpty ? "—" : row.unit.format(row.samples.p95),
             row.server.map { $0.isEmpty ? "—" : row.unit.format($0.median) } ?? "", row.budgetText, row.verdict.label]
        }
        let widths = header.indices.map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var lines = cells.map { line(of: $0, widths: widths) }
        lines.insert("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|", at: 1)
        let counted = rows.filter(\.verdict.counts)
        lines.append("")
        lines.append("\(counted.filter(\.verdict.met).count) of \(counted.count) budgets met")
        return (lines + rows.compactMap(serverSpread)).joined(separator: "\n")
    }

    /// For a row beside the server: the server's own p95 against its median, and each run's
    /// client against the server's time in that same run. The verdict stays the client's p95
    /// against the server's median; these say how much of a miss the server's own spread explains.
    static func serverSpread(of row: BudgetRow) -> String? {
        guard let server = row.server, !server.isEmpty, !row.samples.isEmpty else { return nil }
        var line = "\(row.what): server p95 \(row.unit.format(server.p95)) (\(ratio(server.p95 / server.median)) its median)"
        if server.count == row.samples.count {
            let paired = Samples(zip(row.samples.values, server.values).map { $0 / $1 })
            line += "; each run's client ÷ its server: median \(ratio(paired.median)), p95 \(ratio(paired.p95))"
        }
        return line
    }

    private static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

    private static func line(of cells: [String], widths: [Int]) -> String {
        let padded = zip(cells, widths).map { cell, width in
            cell + String(repeating: " ", count: max(0, width - DisplayWidth.of(cell)))
        }
        return "| " + padded.joined(separator: " | ") + " |"
    }
}
