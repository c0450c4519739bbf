import CNcurses
import TUI

/// How many colours the terminal can show, and how a theme's RGB values are mapped to them.
enum ColorMode: Equatable {
    /// No colours (or `NO_COLOR`): attributes only.
    case none
    /// The 8 ANSI colours.
    case basic
    /// The xterm 256-colour palette.
    case palette256
    /// Direct RGB (terminfo `RGB` flag, e.g. TERM=xterm-direct).
    case direct

    /// The mode ncurses reports after `start_color`.
    static func detect(colorCount: Int, hasRGBFlag: Bool) -> ColorMode {
        if hasRGBFlag || colorCount >= 1 << 24 { return .direct }
        if colorCount >= 256 { return .palette256 }
        if colorCount >= 8 { return .basic }
        return .none
    }

    /// The ncurses colour number for `color`; -1 is the terminal's default.
    func number(for color: TerminalColor) -> Int32 {
        guard case .rgb(let red, let green, let blue) = color, self != .none else { return -1 }
        switch self {
        case .none: return -1
        case .direct:
            // Values below 8 mean the ANSI colours in xterm-direct; nudge near-black up.
            return max(Int32(red) << 16 | Int32(green) << 8 | Int32(blue), 8)
        case .palette256: return Int32(Self.nearest256(red, green, blue))
        case .basic: return Int32(Self.nearestBasic(red, green, blue))
        }
    }

    /// The xterm cube (16–231) or grey ramp (232–255) entry nearest to the colour.
    static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((levels[r], levels[g], levels[b]), (Int(red), Int(green), Int(blue)))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyIndex
        let greyDistance = distance((grey, grey, grey), (Int(red), Int(green), Int(blue)))
        return greyDistance < cubeDistance ? 232 + greyIndex : cube
    }

    /// The nearest of the 8 ANSI colours (black, red, green, yellow, blue, magenta, cyan, white).
    static func nearestBasic(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let ansi = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229)]
        let target = (Int(red), Int(green), Int(blue))
        return ansi.indices.min { distance(ansi[$0], target) < distance(ansi[$1], target) }!
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}

/// ncurses colour pairs, made on first use and kept for the session.
struct ColorPairs {
    let mode: ColorMode
    private var pairs: [PairKey: Int32] = [:]
    private var next: Int32 = 1

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    init(mode: ColorMode) {
        self.mode = mode
    }

    /// The pair for a foreground/background, or 0 (the default pair) when colours are off or
    /// the terminal has no pairs left.
    mutating func pair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
        let key = PairKey(foreground: mode.number(for: foreground), background: mode.number(for: background))
        if key.foreground == -1, key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        guard next < tteok_COLOR_PAIRS(), init_extended_pair(next, key.foreground, key.background) == tteok_OK() else { return 0 }
        pairs[key] = next
        next += 1
        return next - 1
    }
}
