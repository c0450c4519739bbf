/// How image previews are drawn: with block symbols in ordinary cells (every terminal, tmux
/// included), or as real pixels in a terminal graphics protocol (kitty's, or sixel).
public enum ImageProtocol: String, CaseIterable, Hashable, Sendable {
    case symbols
    case kitty
    case sixel
}

/// A picture in a graphics protocol, made for exactly `size` cells: the bytes the terminal gets
/// (the kitty or sixel sequence, without positioning). Only the terminal backend writes them.
///
/// Two graphics are the same when their id, protocol and size are: the bytes follow from those,
/// and comparing ids keeps a frame's diff cheap however big the pictures are.
public struct TerminalGraphic: Hashable, Sendable, CustomStringConvertible {
    /// Unique in this process (kitty deletes a picture by it), never 0.
    public let id: UInt32
    public let format: ImageProtocol
    public let size: Size
    public let sequence: [UInt8]

    public init(id: UInt32, format: ImageProtocol, size: Size, sequence: [UInt8]) {
        self.id = id
        self.format = format
        self.size = size
        self.sequence = sequence
    }

    public static func == (left: TerminalGraphic, right: TerminalGraphic) -> Bool {
        left.id == right.id && left.format == right.format && left.size == right.size
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(format)
        hasher.combine(size)
    }

    public var description: String { "\(format) #\(id) \(size.width)×\(size.height)" }
}

/// A graphic placed on a canvas: its top-left cell and the cells it covers.
public struct GraphicPlacement: Hashable, Sendable {
    public let graphic: TerminalGraphic
    public let origin: Point

    public init(graphic: TerminalGraphic, origin: Point) {
        self.graphic = graphic
        self.origin = origin
    }

    public var rect: Rect { Rect(row: origin.row, column: origin.column, width: graphic.size.width, height: graphic.size.height) }
}
