import FoundationEssentials
import MatrixCrypto

/// Event contents cross between the Matrix module's `JSONValue` and the crypto module's
/// `CryptoJSON` value by value, not through JSON text: on a history page that round trip, twice
/// per event, cost more than the decryption itself.
extension CryptoJSON {
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        // As JSON text would give it: a whole number within Int64 is an integer (canonical JSON has only those).
        case .number(let number):
            if number.rounded() == number, abs(number) < 9.2e18 { self = .integer(Int64(number)) } else { self = .number(number) }
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(CryptoJSON.init))
        case .object(let fields): self = .object(fields.mapValues(CryptoJSON.init))
        }
    }
}

extension JSONValue {
    init(_ value: CryptoJSON) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .number(Double(number))
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let fields): self = .object(fields.mapValues(JSONValue.init))
        }
    }
}
