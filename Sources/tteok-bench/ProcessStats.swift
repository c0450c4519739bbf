import Foundation

/// Figures of a process read from `/proc`: resident memory and CPU time.
enum ProcessStats {
    /// Resident set size in megabytes (`VmRSS`), or nil when the process is gone.
    static func residentMegabytes(pid: Int32? = nil) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
        return kilobytes / 1024
    }

    /// The largest resident size over two quiet seconds (ten readings), in megabytes.
    static func steadyResidentMegabytes(pid: Int32) async throws -> Double {
        var largest = 0.0
        for _ in 0..<10 {
            guard let resident = residentMegabytes(pid: pid) else { throw BenchError.failed("process \(pid) is gone") }
            largest = max(largest, resident)
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        return largest
    }

    /// User + system CPU time in seconds (`/proc/PID/stat` fields 14 and 15), or nil.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
