import ChatCore

extension ChatTranscript {
    /// Largest preview in a transcript: it should not push the conversation off the screen.
    static let previewSpace = Size(width: 48, height: 8)

    /// An image message: its preview (once made) with the file name and size beside its first
    /// row, or above it when the pane is too narrow; while loading or when it fails, a line says so.
    func imageRows(_ image: ImageInfo, width: Int, style: Style) -> [Row] {
        var label = "[image] " + text.line(image.fileName)
        if image.byteCount > 0 { label += " · " + strings.byteSize(image.byteCount) }
        let labelRows = TextLayout.wrappedLines(label, width: width).map { Row(spans: [Span($0, style)], alignRight: false) }
        guard let previews else { return labelRows }
        let space = Size(width: min(width, Self.previewSpace.width), height: Self.previewSpace.height)
        switch previews.preview(of: image, fitting: space) {
        case .loading:
            return labelRows + [Row(spans: [Span(strings.loadingPreview, Style(.muted))], alignRight: false)]
        case .failed(let reason):
            return labelRows + TextLayout.wrappedLines(strings.noPreview(text.line(reason)), width: width)
                .map { Row(spans: [Span($0, Style(.muted))], alignRight: false) }
        case .ready(let canvas):
            var rows = (0..<canvas.height).map { row in
                Row(spans: (0..<canvas.width).map { Span(canvas[row, $0].glyph.text, canvas[row, $0].style) }, alignRight: false)
            }
            let besideWidth = TextLayout.width(TextLayout.glyphs(label))
            guard !rows.isEmpty, canvas.width + 2 + besideWidth <= width else { return labelRows + rows }
            rows[0].spans += [Span("  "), Span(label, style)]
            return rows
        }
    }
}
