import Foundation

/// Runs a program to its end and reports its peak resident memory (the kernel's `ru_maxrss` of
/// the one child of a fresh Python process), so a test can bound what a command costs.
public enum PeakMemory {
    /// The run's outcome and its peak resident set in kilobytes.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String],
                           timeout: Double = 60) throws -> (result: ProcessResult, peakKilobytes: Int) {
        let script = """
            import resource, subprocess, sys
            code = subprocess.run(sys.argv[1:]).returncode
            print("PEAK_KB", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(code)
            """
        let result = try ProcessRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, executable.path] + arguments,
                                        environment: environment, timeout: timeout)
        let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("PEAK_KB ") }.flatMap { Int($0.dropFirst(8)) } ?? -1
        return (result, peak)
    }
}
