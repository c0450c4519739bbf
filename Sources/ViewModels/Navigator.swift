import ChatCore

/// Tabs, each with a stack of screens, and at most one modal screen over everything.
///
/// Calls the lifecycle hooks in the order a native app calls its screens' hooks: `load` before a
/// screen's first `willAppear`; the new screen's `willAppear` before the old one's `didDisappear`;
/// `close` after a screen's last `didDisappear`. The visible screen changes after the new screen's
/// `willAppear` returned, so a front end never draws a screen whose state for this appearance is
/// not ready yet. Operations run one after another even when a front end starts them back to back.
@MainActor
public final class Navigator {
    public let changes: ChangeSignal
    /// Every hook call, in order, for traces and tests.
    public var onHook: ((HookCall) -> Void)?

    public private(set) var selectedTab: Tab
    public private(set) var modal: Page?
    private var stacks: [Tab: [Page]]
    private var loaded: Set<ObjectIdentifier> = []
    private var started = false
    private var tail: Task<Void, Never>?

    /// Every tab starts with its root screen; `selected` is shown by `start()`. Changes are also
    /// published to `parent` (the session's signal) when given.
    public init(discover: Page, channels: Page, direct: Page, profile: Page, selected: Tab = .channels, forwardingTo parent: ChangeSignal? = nil) {
        changes = ChangeSignal(forwardingTo: parent)
        stacks = [.discover: [discover], .channels: [channels], .direct: [direct], .profile: [profile]]
        selectedTab = selected
    }

    // MARK: State the front end reads

    /// The screens of a tab, root first.
    public func stack(of tab: Tab) -> [Page] { stacks[tab] ?? [] }

    /// The top screen of the selected tab (under the modal, if one is shown).
    public var top: Page { topOf(selectedTab) }

    /// What is on screen now: the modal, or the top of the selected tab.
    public var visible: Page { modal ?? top }

    /// True while a chat is on top of the selected tab: the tab bar is not drawn.
    public var isTabBarHidden: Bool { top.hidesTabBar }

    // MARK: Operations

    /// Loads and shows the selected tab's root. Call once.
    public func start() async {
        await serialized {
            guard !self.started else { return }
            self.started = true
            await self.appear(self.visible)
            self.changes.publish()
        }
    }

    /// Loads a tab's root before it is first shown (Discover is fetched when the app starts).
    public func preload(_ tab: Tab) async {
        await serialized {
            let root = self.stack(of: tab)[0]
            if self.loaded.insert(ObjectIdentifier(root.model)).inserted { await self.hook(root, .load) }
        }
    }

    /// Switches tabs; each tab keeps its stack.
    public func select(_ tab: Tab) async {
        await serialized {
            guard tab != self.selectedTab, self.modal == nil else { return }
            let old = self.visible
            await self.transition(from: old, to: self.topOf(tab), removing: []) { self.selectedTab = tab }
        }
    }

    /// Pushes `screen` on the selected tab (a chat). A modal that is shown is replaced by it, and
    /// so is a chat on top: a chat opened from a chat takes its place, so the one before stays
    /// open until the new one really opened (a failed `/join` keeps it) and Esc goes back to the
    /// list, not through every chat visited.
    public func push(_ screen: Page) async {
        await serialized {
            let old = self.visible
            var dropped = self.modal.map { [$0] } ?? []
            let stack = self.stacks[self.selectedTab] ?? []
            let replacing = stack.count > 1 && stack.last?.isChat == true && screen.isChat
            if replacing, let last = stack.last { dropped.append(last) }
            await self.transition(from: old, to: screen, removing: dropped) {
                self.modal = nil
                if replacing { self.stacks[self.selectedTab]?.removeLast() }
                self.stacks[self.selectedTab, default: []].append(screen)
            }
        }
    }

    /// Pops the top screen of the selected tab and closes it. The root stays.
    public func pop() async {
        await serialized {
            guard self.modal == nil, let stack = self.stacks[self.selectedTab], stack.count > 1 else { return }
            let popped = stack[stack.count - 1]
            await self.transition(from: popped, to: stack[stack.count - 2], removing: [popped]) {
                self.stacks[self.selectedTab]?.removeLast()
            }
        }
    }

    /// Shows `screen` over everything, replacing (and closing) a modal already shown.
    public func present(_ screen: Page) async {
        await serialized {
            let old = self.visible
            let dropped = self.modal.map { [$0] } ?? []
            await self.transition(from: old, to: screen, removing: dropped) { self.modal = screen }
        }
    }

    /// Removes the modal and closes it.
    public func dismiss() async {
        await serialized {
            guard let modal = self.modal else { return }
            await self.transition(from: modal, to: self.top, removing: [modal]) { self.modal = nil }
        }
    }

    /// Hides the visible screen and closes every screen that was loaded: the navigator is done.
    public func closeAll() async {
        await serialized {
            guard self.started else { return }
            self.started = false
            await self.hook(self.visible, .didDisappear)
            var everything = Tab.allCases.flatMap { self.stack(of: $0) }
            if let modal = self.modal { everything.append(modal) }
            for screen in everything where self.loaded.contains(ObjectIdentifier(screen.model)) {
                await self.hook(screen, .close)
            }
            self.loaded.removeAll()
        }
    }

    // MARK: Hook order

    private func transition(from old: Page, to new: Page, removing removed: [Page], apply: () -> Void) async {
        await appear(new)
        apply()
        changes.publish()
        if !old.isSame(as: new) { await hook(old, .didDisappear) }
        for screen in removed where !screen.isSame(as: new) {
            await hook(screen, .close)
            loaded.remove(ObjectIdentifier(screen.model))
        }
    }

    private func appear(_ screen: Page) async {
        if loaded.insert(ObjectIdentifier(screen.model)).inserted {
            await hook(screen, .load)
        }
        await hook(screen, .willAppear)
    }

    private func hook(_ screen: Page, _ hook: HookCall.Hook) async {
        onHook?(HookCall(screen.name, hook))
        let model = screen.model
        switch hook {
        case .load: await model.load()
        case .willAppear: await model.willAppear()
        case .didDisappear: await model.didDisappear()
        case .close: await model.close()
        }
    }

    private func topOf(_ tab: Tab) -> Page {
        guard let screen = stacks[tab]?.last else { preconditionFailure("a tab's root is never popped") }
        return screen
    }

    /// Runs `operation` after every operation started before it has finished.
    private func serialized(_ operation: @escaping @MainActor () async -> Void) async {
        let previous = tail
        let task = Task { @MainActor in
            await previous?.value
            await operation()
        }
        tail = task
        await task.value
    }
}

private extension Page {
    var isChat: Bool {
        if case .chat = self { return true }
        return false
    }
}

extension Navigator {
    /// The channel of the chat on top of the selected tab (a modal over it leaves it on screen).
    public var chatOnScreen: ChannelID? {
        if case .chat(let chat) = top { return chat.channelID }
        return nil
    }
}
