import ChatCore

/// The bottom line: who is using the app ("Guest" or the nickname), the connection, and either
/// a notice (a refusal, a command's answer) or the hints for the screen shown — after who is
/// typing in the chat shown, if anyone.
public struct StatusLinePane {
    public var viewerName: String
    public var connection: ConnectionState
    public var notice: String?
    public var hint: String
    /// "Alice is typing…", already inert; nil when no one is.
    public var typing: String?
    public var strings: UIStrings
    public var text: OutsideText

    public init(viewerName: String, connection: ConnectionState, notice: String?, hint: String, strings: UIStrings, text: OutsideText) {
        self.viewerName = viewerName
        self.connection = connection
        self.notice = notice
        self.hint = hint
        self.strings = strings
        self.text = text
    }

    public func draw(on canvas: inout Canvas, in region: Region) {
        let bar = Style(.text, on: .surface)
        canvas.clear(region, style: bar)
        var spans = [Span(" " + text.line(viewerName) + " ", Style(.accent, on: .surface, .bold))]
        spans.append(Span("· " + connectionLabel + " · ", connectionStyle))
        if let typing { spans.append(Span(typing + " · ", Style(.accent, on: .surface))) }
        if let notice {
            spans.append(Span(text.line(notice), Style(.error, on: .surface, .bold)))
        } else {
            spans.append(Span(hint, Style(.muted, on: .surface)))
        }
        canvas.draw(spans, row: 0, in: region)
    }

    private var connectionLabel: String {
        switch connection {
        case .online: return strings.online
        case .connecting: return strings.connecting
        case .reconnecting(let seconds): return strings.reconnecting(seconds)
        case .offline(let reason): return strings.offline(text.line(reason))
        }
    }

    private var connectionStyle: Style {
        switch connection {
        case .online: return Style(.success, on: .surface)
        case .connecting, .reconnecting: return Style(.muted, on: .surface)
        case .offline: return Style(.error, on: .surface)
        }
    }
}
