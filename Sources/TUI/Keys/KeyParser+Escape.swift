extension KeyParser {
    /// ESC and what follows it: a CSI or SS3 sequence, Alt with a key, or ESC alone.
    static func escape(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return final ? .key(.escape, 1) : .incomplete }
        let next = bytes[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return csi(bytes, final: final)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return final ? .key(.alt("O"), 2) : .incomplete }
            return ss3(bytes[start + 2])
        case 0x1B:
            return .key(.escape, 1)
        case 0x7F, 0x08:
            return .key(.named(.backspace, .alt), 2)
        case 0x0D:
            return .key(.named(.enter, .alt), 2)
        case 0x20...0x7E:
            return .key(.alt(Character(UnicodeScalar(next))), 2)
        case 0x00...0x1F:
            return .key(.escape, 1)
        default:
            switch utf8(bytes.dropFirst(), final: final) {
            case .key(.character(let character), let length): return .key(.alt(character), length + 1)
            case .incomplete: return .incomplete
            default: return .key(.escape, 1)
            }
        }
    }

    /// `ESC O x`: what many terminals send for arrows, Home/End and F1–F4 in application mode.
    static func ss3(_ final: UInt8) -> Step {
        guard (0x40...0x7E).contains(final) else { return .key(.alt("O"), 2) }
        switch final {
        case UInt8(ascii: "M"): return .key(.enter, 3)
        default:
            if let key = finalKey(final, modifiers: []) { return .key(key, 3) }
            return .skip(3)
        }
    }

    /// `ESC [ params final`. SGR mouse clicks and wheel turns become keys; other mouse reports
    /// and unknown sequences are skipped whole.
    static func csi(_ bytes: ArraySlice<UInt8>, final: Bool) -> Step {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            index += 1
            if index - start > maxSequenceLength { return .skip(index - start) }
        }
        guard index < bytes.endIndex else {
            if !final { return .incomplete }
            return bytes.count == 2 ? .key(.alt("["), 2) : .skip(bytes.count)
        }
        let finalByte = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(finalByte) else { return .skip(length - 1) }
        let parameterBytes = bytes[(start + 2)..<index]
        if finalByte == UInt8(ascii: "M"), parameterBytes.isEmpty {
            // X10 mouse report: three raw bytes follow.
            if bytes.count < length + 3 { return final ? .skip(bytes.count) : .incomplete }
            return .skip(length + 3)
        }
        if parameterBytes.first == UInt8(ascii: "<"), finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m") {
            return sgrMouse(parameterBytes.dropFirst(), pressed: finalByte == UInt8(ascii: "M"), length: length)
        }
        if parameterBytes.first.map({ (0x3C...0x3F).contains($0) }) == true { return .skip(length) }  // private
        let parameters = parameterBytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        let modifiers = modifierSet(parameters.count > 1 ? parameters[1] : nil)
        if finalByte == UInt8(ascii: "~") {
            switch parameters.first ?? nil {
            case 200: return .pasteStart(length)
            case .some(let number): return tildeKey(number, modifiers: modifiers).map { .key($0, length) } ?? .skip(length)
            case .none: return .skip(length)
            }
        }
        if finalByte == UInt8(ascii: "Z") { return .key(.backTab, length) }
        return finalKey(finalByte, modifiers: modifiers).map { .key($0, length) } ?? .skip(length)
    }

    /// `ESC [ < b ; x ; y M|m`: a click or the wheel; everything else of the mouse is skipped.
    static func sgrMouse(_ parameters: ArraySlice<UInt8>, pressed: Bool, length: Int) -> Step {
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard numbers.count == 3, let event = MouseEvent.sgr(button: numbers[0], column: numbers[1], row: numbers[2], pressed: pressed) else {
            return .skip(length)
        }
        return .key(.mouse(event), length)
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, control 4).
    static func modifierSet(_ parameter: Int?) -> KeyModifiers {
        guard let value = parameter, value > 1, value <= 16 else { return [] }
        return KeyModifiers(rawValue: UInt8(value - 1) & 0b111)
    }

    static func finalKey(_ byte: UInt8, modifiers: KeyModifiers) -> Key? {
        let named: NamedKey
        switch byte {
        case UInt8(ascii: "A"): named = .up
        case UInt8(ascii: "B"): named = .down
        case UInt8(ascii: "C"): named = .right
        case UInt8(ascii: "D"): named = .left
        case UInt8(ascii: "H"): named = .home
        case UInt8(ascii: "F"): named = .end
        case UInt8(ascii: "P"): named = .function(1)
        case UInt8(ascii: "Q"): named = .function(2)
        case UInt8(ascii: "R"): named = .function(3)
        case UInt8(ascii: "S"): named = .function(4)
        default: return nil
        }
        return .named(named, modifiers)
    }

    /// `ESC [ n ~` keys (vt220 / xterm / rxvt numbering).
    static func tildeKey(_ number: Int, modifiers: KeyModifiers) -> Key? {
        let named: NamedKey
        switch number {
        case 1, 7: named = .home
        case 2: named = .insert
        case 3: named = .delete
        case 4, 8: named = .end
        case 5: named = .pageUp
        case 6: named = .pageDown
        case 11...15: named = .function(number - 10)
        case 17...21: named = .function(number - 11)
        case 23, 24: named = .function(number - 12)
        default: return nil
        }
        return .named(named, modifiers)
    }
}
