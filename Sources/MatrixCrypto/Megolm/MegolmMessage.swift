import FoundationEssentials

/// A Megolm message's bytes, taken apart but not yet trusted: version 3, the protobuf fields
/// message index (1, varint) and ciphertext (2, bytes), then an 8-byte truncated HMAC over what
/// precedes it and a 64-byte ed25519 signature over what precedes that.
struct MegolmMessage {
    static let version: UInt8 = 3
    static let macLength = 8
    static let signatureLength = 64

    let bytes: [UInt8]
    let index: UInt32
    let ciphertext: ArraySlice<UInt8>

    /// Everything the signature covers: the message without its signature.
    var signed: ArraySlice<UInt8> { bytes[..<(bytes.count - Self.signatureLength)] }
    var signature: ArraySlice<UInt8> { bytes[(bytes.count - Self.signatureLength)...] }
    /// Everything the MAC covers: the message without its MAC and signature.
    var authenticated: ArraySlice<UInt8> { bytes[..<(bytes.count - Self.signatureLength - Self.macLength)] }
    var mac: ArraySlice<UInt8> { bytes[(bytes.count - Self.signatureLength - Self.macLength)..<(bytes.count - Self.signatureLength)] }

    init(base64 text: String) throws(MegolmFailure) {
        guard let bytes = Base64.decode(text) else { throw .invalidBase64 }
        guard bytes.count > 1 + Self.macLength + Self.signatureLength else { throw .badMessageFormat }
        guard bytes[0] == Self.version else { throw .badMessageVersion }
        var reader = ProtobufReader(bytes: bytes, end: bytes.count - Self.signatureLength - Self.macLength)
        var index: UInt32?, ciphertext: ArraySlice<UInt8>?
        while let field = try reader.nextField() {
            switch field {
            case .varint(1, let value):
                guard value <= UInt64(UInt32.max) else { throw .badMessageFormat }
                index = UInt32(value)
            case .bytes(2, let value): ciphertext = value
            case .varint, .bytes: continue
            }
        }
        guard let index, let ciphertext, !ciphertext.isEmpty else { throw .badMessageFormat }
        (self.bytes, self.index, self.ciphertext) = (bytes, index, ciphertext)
    }
}

/// Reads the protobuf fields of a Megolm message's body; other wire types than varint and
/// length-delimited are malformed there.
private struct ProtobufReader {
    enum Field {
        case varint(UInt64, UInt64)
        case bytes(UInt64, ArraySlice<UInt8>)
    }

    let bytes: [UInt8]
    let end: Int
    var position = 1

    init(bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.end = end
    }

    mutating func nextField() throws(MegolmFailure) -> Field? {
        guard position < end else { return nil }
        let tag = try varint()
        switch tag & 7 {
        case 0: return .varint(tag >> 3, try varint())
        case 2:
            let length = try varint()
            guard length <= UInt64(end - position) else { throw .badMessageFormat }
            defer { position += Int(length) }
            return .bytes(tag >> 3, bytes[position..<position + Int(length)])
        default: throw .badMessageFormat
        }
    }

    private mutating func varint() throws(MegolmFailure) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            guard position < end else { throw .badMessageFormat }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw .badMessageFormat
    }
}
