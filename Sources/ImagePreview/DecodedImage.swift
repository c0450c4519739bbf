import ChatCore

/// An image decoded to pixels: RGBA, 8 bits a channel, rows packed (`width * 4` bytes a row).
public struct DecodedImage: Hashable, Sendable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(format: ImageFormat, width: Int, height: Int, rgba: [UInt8]) {
        self.format = format
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
