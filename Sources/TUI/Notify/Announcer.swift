import ChatCore
import FoundationEssentials
import ViewModels

/// Announces highlights as the config file says: the terminal bell (`bell = on`), and a desktop
/// notification by an escape to the terminal (`notify = terminal`, `TerminalNotification`) or
/// by the `notify-send` program (`notify = notify-send`).
///
/// `notify-send` gets only who wrote and where, never the message: a program's arguments can be
/// read by every user of the machine (`/proc/PID/cmdline`), and a direct message is private.
@MainActor
public final class Announcer {
    public var settings: DailySettings
    public var terminal: TerminalNotification
    /// Writes bytes to the terminal between frames (the backend's `alert`).
    public var write: (@MainActor ([UInt8]) -> Void)?
    /// The desktop notifier started for `notify = notify-send`, looked up in `PATH`.
    public var notifySend = "notify-send"
    private let strings: UIStrings

    public init(settings: DailySettings, terminal: TerminalNotification, strings: UIStrings) {
        self.settings = settings
        self.terminal = terminal
        self.strings = strings
    }

    /// Rings and notifies for one announcement (the activity model decided it is due).
    public func announce(_ announcement: Announcement) {
        var bytes = settings.bell ? TerminalNotification.bell : []
        let title = strings.notificationTitle(announcement)
        switch settings.notifier {
        case .terminal:
            bytes += terminal.sequence(title: title, body: announcement.text)
        case .notifySend:
            startNotifySend(summary: "tteok", body: title)
        case .off:
            break
        }
        if !bytes.isEmpty { write?(bytes) }
    }

    /// Starts `notify-send` with no terminal and does not wait for it; a missing program is
    /// silently no notification (the bell still rang).
    private func startNotifySend(summary: String, body: String) {
        let path = ProcessInfo.processInfo.environment["PATH"]
        guard let executable = ImageFiles.executable(notifySend, path: path) else { return }
        try? BackgroundProgram.start(executable.path, ["--app-name=tteok", "--", TerminalNotification.clean(summary, limit: 40),
                                                       TerminalNotification.clean(body, limit: TerminalNotification.titleLimit)])
    }
}

extension UIStrings {
    /// `Bob (direct)`, `Bob in 맛집`.
    func notificationTitle(_ announcement: Announcement) -> String {
        let korean = language == .korean
        if announcement.isDirect { return korean ? "\(announcement.sender) (대화)" : "\(announcement.sender) (direct)" }
        return korean ? "\(announcement.channelName)의 \(announcement.sender)" : "\(announcement.sender) in \(announcement.channelName)"
    }
}
