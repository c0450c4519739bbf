import TUI

/// Prints the rows as one Markdown table (pasteable into the README) and the closing count.
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
        return lines.joined(separator: "\n")
    }

    private static func line(of cells: [String], widths: [Int]) -> String {
        let padded = zip(cells, widths).map { cell, width in
            cell + String(repeating: " ", count: max(0, width - DisplayWidth.of(cell)))
        }
        return "| " + padded.joined(separator: " | ") + " |"
    }
}
