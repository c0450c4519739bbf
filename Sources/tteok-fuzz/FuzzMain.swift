import Foundation

/// libFuzzer's driver: parses libFuzzer's options from argv and calls `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The function libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let target = FuzzTarget.selected else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("tteok-fuzz: set TTEOK_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    target.run(count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}

/// `tteok-fuzz`: coverage-guided fuzzing (libFuzzer, `swiftc -sanitize=fuzzer`) of the code that
/// reads what strangers send: the terminal key parser, the sanitiser with display width and canvas
/// drawing, the Matrix response decoders with the cache that stores a sync, and image decoding.
///
/// Built only by `scripts/fuzz.sh` (which sets `TTEOK_FUZZ=1` so Package.swift lists this target);
/// `TTEOK_FUZZ_TARGET` picks the harness. Every argument is libFuzzer's.
///
/// SwiftPM links an executable against its module's entry point while libFuzzer brings its own
/// `main`; whichever the linker keeps, the driver runs `LLVMFuzzerTestOneInput` above.
@main
struct FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv, fuzzOneInput))
    }
}
