/// A framed box in the middle of a region: overlays (help, alerts, the quick switcher) and forms.
public struct Box {
    public var title: String
    public var width: Int
    public var height: Int

    public init(title: String, width: Int, height: Int) {
        self.title = title
        self.width = width
        self.height = height
    }

    /// Clears the box's area, draws its frame and title, and returns the region inside the frame.
    public func draw(on canvas: inout Canvas, in region: Region) -> Region {
        let width = min(self.width, region.width)
        let height = min(self.height, region.height)
        let frame = region.subregion(Rect(row: (region.height - height) / 2, column: (region.width - width) / 2, width: width, height: height))
        canvas.clear(frame)
        guard frame.width >= 2, frame.height >= 2 else { return frame }
        let border = Style(.border)
        let horizontal = String(repeating: "─", count: frame.width - 2)
        canvas.draw("┌" + horizontal + "┐", style: border, row: 0, in: frame, overflow: .clip)
        canvas.draw("└" + horizontal + "┘", style: border, row: frame.height - 1, in: frame, overflow: .clip)
        for row in 1..<(frame.height - 1) {
            canvas.draw("│", style: border, row: row, in: frame)
            canvas.draw("│", style: border, row: row, column: frame.width - 1, in: frame)
        }
        if !title.isEmpty {
            canvas.draw(" \(title) ", style: Style(.accent, on: nil, .bold), row: 0, column: 2, in: frame.inset(right: 2))
        }
        return frame.inset(top: 1, left: 2, bottom: 1, right: 2)
    }
}

extension Region {
    /// `text` centred in a row of this region: the column to start at.
    func centred(_ text: String) -> Int {
        max(0, (width - TextLayout.width(TextLayout.glyphs(text))) / 2)
    }
}
