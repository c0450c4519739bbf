import Dispatch
import Glibc

/// The heap a cold start's first answer needs, faulted in while the server works on it.
///
/// Reading and writing a window of 60 rooms grows the heap by a few megabytes, and each new page
/// is a fault on the first screen's path (perf: a fifth of the answer's parsing). With one arena
/// (`MallocArenas`) the pages one thread touched and freed serve every thread, and a top pad of
/// the same size keeps them from being trimmed back to the kernel in between.
enum HeapWarmth {
    /// `M_TOP_PAD` of `<malloc.h>`.
    private static let topPadParameter: Int32 = -2
    /// What a 60-room window's reading and writing grew the heap by, rounded up.
    static let bytes = 4 << 20

    /// Faults in `bytes` of heap on a thread of its own and gives them back to malloc, kept.
    static func warmAhead(bytes: Int = bytes) {
        guard Mallopt.set(topPadParameter, to: Int32(bytes)) else { return }
        DispatchQueue.global(qos: .utility).async {
            // Below malloc's mmap threshold (128 KiB), so the blocks come from the arena's heap.
            let block = 64 << 10
            var blocks: [UnsafeMutableRawPointer] = []
            blocks.reserveCapacity(bytes / block)
            for _ in 0..<(bytes / block) {
                guard let pointer = malloc(block) else { break }
                memset(pointer, 0, block)
                blocks.append(pointer)
            }
            for pointer in blocks { free(pointer) }
        }
    }
}
