import ChatCore
import ViewModels

/// Partial frames: what a model change damaged on screen, where those parts lie on the last
/// frame, and drawing only them over it. A live message in the chat on screen draws its new lines
/// (the transcript scrolls up), a new count its channel's row, other chats' activity the tab bar;
/// anything else, or anything drawn over these parts, is a whole frame.
extension TerminalApp {
    /// The damage of one model change.
    func damage(of change: ModelChange) -> Damage {
        switch change {
        case .anything: return .everything
        case .linesAppended(let chat): return openChat?.model.map(ObjectIdentifier.init) == chat ? .areas([.newChatLines]) : .everything
        case .badges(let channels): return .areas([.channelRows(channels)])
        case .activity: return .areas([.tabBar])
        }
    }

    /// Where `areas` lie on the last frame, or nil when one of them cannot be redrawn alone.
    public func rects(of areas: Set<ScreenArea>) -> [Rect]? {
        guard !lastFrame.covered else { return nil }
        var found: [Rect] = []
        for area in areas {
            guard let rects = rects(of: area) else { return nil }
            found += rects
        }
        return found
    }

    private func rects(of area: ScreenArea) -> [Rect]? {
        switch area {
        case .inputLine:
            return openChat?.inputRegion.map { [$0.frame] }
        case .newChatLines:
            guard lastFrame.chat != nil, let rect = openChat?.appendedLinesRect() else { return nil }
            return [rect]
        case .channelRows(let channels):
            // A list not drawn on the last frame shows no badge: nothing to redraw.
            guard let region = lastFrame.list?.listRegion, let list = ui.channels else { return [] }
            return list.rowRects(of: channels, in: region, focused: listFocus, open: listOpen)
        case .tabBar:
            return [lastFrame.tabBar?.frame].compactMap { $0 }
        }
    }

    /// Draws only `areas` over the last frame; returns the cursor (the input's, or where the last
    /// frame left it).
    public func redraw(_ areas: Set<ScreenArea>, on canvas: inout Canvas) -> Point? {
        var cursor = lastFrame.cursor
        for area in areas {
            switch area {
            case .inputLine:
                cursor = openChat?.redrawInput(on: &canvas)
            case .newChatLines:
                if let report = openChat?.drawAppended(on: &canvas) { lastFrame.chat?.chat = report }
            case .channelRows(let channels):
                guard let region = lastFrame.list?.listRegion else { continue }
                ui.channels?.drawRows(of: channels, into: &canvas, in: region, focused: listFocus, open: listOpen)
            case .tabBar:
                if let bar = lastFrame.tabBar, let community { drawTabBar(community, on: &canvas, in: bar) }
            }
        }
        lastFrame.cursor = cursor
        return cursor
    }

    /// Whether the list has the keys, as the last frame drew it: alone it always has; in the
    /// sidebar, unless the chat beside it has them.
    private var listFocus: Bool {
        lastFrame.listInSidebar ? listFocused : true
    }

    private var listOpen: ChannelID? {
        lastFrame.listInSidebar ? openChannelID : nil
    }
}
