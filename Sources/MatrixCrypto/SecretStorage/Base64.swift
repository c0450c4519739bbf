import FoundationEssentials

/// Base64 as Matrix writes it: unpadded in most places, padded in what some clients write
/// (secret storage's `iv`, `ciphertext` and `mac` from Element); reading accepts both.
enum Base64 {
    static func unpadded(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func decode(_ text: String) -> [UInt8]? {
        let bare = text.hasSuffix("=") ? String(text.prefix { $0 != "=" }) : text
        return Data(base64Encoded: bare + String(repeating: "=", count: (4 - bare.count % 4) % 4)).map(Array.init)
    }
}
