/// Why JSON was refused, and at which byte.
///
/// Two kinds, because a reader treats them differently: a `syntax` error means the text is not
/// JSON (or breaks a limit), so nothing after it can be trusted and the whole document is refused;
/// a `shape` error means well-formed JSON of the wrong type where a reader expected a field, which
/// a lenient reader may answer by stepping over that one value (`JSONScanner.skip`) and going on.
public struct JSONScanError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case syntax
        case shape
    }

    public let kind: Kind
    public let offset: Int
    public let reason: String

    public init(_ kind: Kind, at offset: Int, _ reason: String) {
        self.kind = kind
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        kind == .syntax ? "not valid JSON at byte \(offset): \(reason)" : "unexpected JSON at byte \(offset): \(reason)"
    }
}
