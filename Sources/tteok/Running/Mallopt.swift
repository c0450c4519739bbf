import Glibc

/// glibc's `mallopt`, which the Glibc module does not bring: found at run time, so a C library
/// without it (not glibc) is left as it is.
enum Mallopt {
    /// Sets `parameter` (a `M_…` number of `<malloc.h>`) to `value`; false where there is no `mallopt`.
    @discardableResult
    static func set(_ parameter: Int32, to value: Int32) -> Bool {
        typealias Function = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        return unsafeBitCast(symbol, to: Function.self)(parameter, value) != 0
    }
}
