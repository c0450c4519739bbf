import ChatCore
import FoundationEssentials
import LocalStore

/// One report as `tteok reports` prints it.
struct ReportLine: Encodable, Sendable {
    struct Reporter: Encodable, Sendable {
        let id: String
        let nickname: String
        let email: String?
    }

    let id: Int64
    /// Encoded as ISO 8601.
    let reportedAt: Date
    let reason: String
    let reporter: Reporter
    /// The reported message; its `channel` is empty for a direct conversation.
    let message: MessageRecord

    init(_ report: ReportRecord) {
        id = report.id
        reportedAt = report.reportedAt
        reason = report.reason
        reporter = Reporter(id: report.reporter.id.raw, nickname: report.reporter.nickname, email: report.reporter.email)
        message = MessageRecord(report.message, channelName: report.channelName)
    }

    /// `#3 by mina in lobby: "spam" — 2026-12-02 18:30  bob: buy now` for a terminal; outside text inert.
    func line(_ console: Console) -> String {
        let place = message.channel.isEmpty ? "a direct conversation" : console.inert(message.channel)
        return "#\(id) by \(console.inert(reporter.nickname)) in \(place): \"\(console.inert(reason))\" — \(message.line(console))"
    }
}
