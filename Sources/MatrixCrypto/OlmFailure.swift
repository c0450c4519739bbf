import COlm
import FoundationEssentials

/// A libolm call that failed, with libolm's own reason (e.g. `BAD_MESSAGE_MAC`, `UNKNOWN_MESSAGE_INDEX`).
public struct OlmFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let call: String
    public let reason: String

    public var description: String { "\(call): \(reason)" }

    /// libolm's reason when a session's index is too new for what we hold.
    public var isUnknownMessageIndex: Bool { reason == "UNKNOWN_MESSAGE_INDEX" }
}

/// Helpers for libolm's buffer-in/buffer-out calls.
enum OlmCall {
    /// Throws when `result` is libolm's error value, with the object's last error.
    @discardableResult
    static func check(_ result: Int, _ call: String, lastError: () -> UnsafePointer<CChar>?) throws -> Int {
        guard result == olm_error() else { return result }
        throw OlmFailure(call: call, reason: lastError().map { String(cString: $0) } ?? "unknown")
    }

    /// Cryptographically random bytes (the system generator is getrandom(2) on Linux).
    static func random(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Overwrites a buffer that held secrets before it is released.
    static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
    }

    /// Reads a libolm string output: fills a buffer of `length` bytes with `fill`, returns its text.
    static func string(length: Int, _ fill: (UnsafeMutableRawPointer, Int) throws -> Int) throws -> String {
        var buffer = [UInt8](repeating: 0, count: length)
        let written = try buffer.withUnsafeMutableBytes { try fill($0.baseAddress!, length) }
        return String(decoding: buffer.prefix(written), as: UTF8.self)
    }
}
