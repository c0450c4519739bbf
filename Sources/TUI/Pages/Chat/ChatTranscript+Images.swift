import ChatCore

extension ChatTranscript {
    /// Largest preview in a transcript: it should not push the conversation off the screen.
    static let previewSpace = Size(width: 48, height: 8)

    /// Images and stickers are drawn as previews, whose rows change as the preview arrives.
    static func hasPreview(_ content: MessageContent) -> Bool {
        switch content {
        case .image, .sticker: return true
        default: return false
        }
    }

    /// An image message: its preview (once made) with the file name and size beside its first
    /// row, or above it when the pane is too narrow; while loading or when it fails, a line says so.
    func imageRows(_ image: ImageInfo, kind: MessageKind = .image, width: Int, style: Style) -> [Row] {
        var label = "[\(kind.rawValue)] " + text.line(image.fileName)
        if image.byteCount > 0 { label += " · " + strings.byteSize(image.byteCount) }
        var labelRows = TextLayout.wrappedLines(label, width: width).map { Row(spans: [Span($0, style)], alignRight: false) }
        if let caption = image.caption {
            labelRows += TextLayout.wrappedLines(shownBody(caption, omittedBytes: 0), width: width).map { Row(spans: [Span($0, style)], alignRight: false) }
        }
        guard let previews else { return labelRows }
        let space = Size(width: min(width, Self.previewSpace.width), height: Self.previewSpace.height)
        switch previews.preview(of: image, fitting: space) {
        case .loading:
            return labelRows + [Row(spans: [Span(strings.loadingPreview, Style(.muted))], alignRight: false)]
        case .failed(let reason):
            return labelRows + TextLayout.wrappedLines(strings.imageNotShown(text.line(reason)), width: width)
                .map { Row(spans: [Span($0, Style(.muted))], alignRight: false) }
        case .ready(let canvas):
            // A picture in a graphics protocol rides on the symbol rows: shown whole when it fits
            // on screen, else the symbols show (see ChatPane).
            let graphic = canvas.graphics.first { $0.origin == Point(row: 0, column: 0) && $0.graphic.size == canvas.size }?.graphic
            var rows = (0..<canvas.height).map { row in
                var line = Row(spans: (0..<canvas.width).map { Span(canvas[row, $0].glyph.text, canvas[row, $0].style) }, alignRight: false)
                line.graphic = graphic.map { GraphicLine(graphic: $0, line: row, span: 0) }
                return line
            }
            let besideWidth = TextLayout.width(TextLayout.glyphs(label))
            guard !rows.isEmpty, canvas.width + 2 + besideWidth <= width else { return labelRows + rows }
            rows[0].spans += [Span("  "), Span(label, style)]
            // Every row as wide as the first, so right-aligned (own) previews stay one rectangle.
            let filler = Span(String(repeating: " ", count: 2 + besideWidth))
            for index in rows.indices.dropFirst() { rows[index].spans.append(filler) }
            return rows
        }
    }
}
