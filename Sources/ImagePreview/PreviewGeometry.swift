import TUI

/// How many cells a picture takes when fitted into a space, keeping its proportions.
public enum PreviewGeometry {
    /// A terminal cell is about twice as tall as it is wide.
    static let cellAspect = 2.0

    /// The largest size within `space` with the picture's proportions; at least one cell.
    /// Small pictures are enlarged: a 16-pixel icon still fills the space it is given.
    public static func fit(width: Int, height: Int, into space: Size) -> Size {
        guard width > 0, height > 0, space.width > 0, space.height > 0 else { return Size(width: 0, height: 0) }
        let pictureWidth = Double(width)
        let pictureHeight = Double(height) / cellAspect
        let scale = min(Double(space.width) / pictureWidth, Double(space.height) / pictureHeight)
        let columns = min(space.width, max(1, Int((pictureWidth * scale).rounded())))
        let rows = min(space.height, max(1, Int((pictureHeight * scale).rounded())))
        return Size(width: columns, height: rows)
    }
}
