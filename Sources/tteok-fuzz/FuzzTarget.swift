import Foundation

/// The harnesses `tteok-fuzz` can run. Each takes any bytes and must neither crash nor break an
/// invariant (a broken invariant stops the run with `Invariant.require`'s message: a finding).
enum FuzzTarget: String, CaseIterable {
    /// Terminal input bytes → `KeyParser`.
    case keys
    /// Text from outside → `InertText`, `WordFilter`, `DisplayWidth`, `TextLayout`, canvas drawing.
    case text
    /// A homeserver's answer → the response DTOs, error bodies, domain mapping, the sync cache.
    case matrix
    /// Image bytes from anyone → sniffing, the pixel budget, the C decoders, the preview.
    case image

    /// The harness named by `TTEOK_FUZZ_TARGET`.
    static let selected = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["TTEOK_FUZZ_TARGET"] ?? "")

    func run(_ bytes: [UInt8]) {
        switch self {
        case .keys: KeysHarness.run(bytes)
        case .text: TextHarness.run(bytes)
        case .matrix: MatrixHarness.run(bytes)
        case .image: ImageHarness.run(bytes)
        }
    }
}

/// Stops the run when an invariant does not hold: libFuzzer saves the input as a crash file.
enum Invariant {
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { preconditionFailure("invariant broken: \(message())") }
    }
}
