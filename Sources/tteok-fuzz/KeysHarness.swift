import TUI

/// Any bytes decode to keys; the same bytes split anywhere decode to the same keys; nothing is
/// left waiting after a flush (outside a paste); a typed character is never a control.
enum KeysHarness {
    static func run(_ bytes: [UInt8]) {
        var whole = KeyParser()
        let keys = whole.feed(bytes) + whole.flush()
        Invariant.require(!whole.hasPending, "bytes left pending after flush")

        var split = KeyParser()
        var chunked: [Key] = []
        var index = 0
        while index < bytes.count {
            // The input itself picks the split points, so the fuzzer explores them too.
            let end = min(bytes.count, index + Int(bytes[index] % 7) + 1)
            chunked += split.feed(bytes[index..<end])
            index = end
        }
        chunked += split.flush()
        Invariant.require(chunked == keys, "split input decodes differently: \(chunked) vs \(keys)")

        for key in keys {
            if case .character(let character) = key {
                Invariant.require(character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) },
                                  "control scalar typed as text: \(character.unicodeScalars.map(\.value))")
            }
        }
    }
}
