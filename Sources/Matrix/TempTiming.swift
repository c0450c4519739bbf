import Glibc
import FoundationEssentials
// TEMPORARY: cold-start timing probe (not to be committed).
enum TempTiming {
    static func mark(_ what: String) {
        guard let path = getenv("TTEOK_TIMING") else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var cpu = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
        let line = "\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000) \(Int64(cpu.tv_sec) * 1_000_000 + Int64(cpu.tv_nsec) / 1000) \(what)\n"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        _ = line.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
}
