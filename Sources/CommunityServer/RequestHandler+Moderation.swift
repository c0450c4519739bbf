import ChatCore
import CommunityProtocol
import FoundationEssentials
import LocalStore

/// The moderators' requests. The engine decides who moderates and refuses everyone else, so a
/// member's hand-made frame meets the same refusal as the CLI.
extension RequestHandler {
    func moderating(_ request: Request) async throws -> Response? {
        switch request {
        case .reports: return .reports(try await community.reports())
        case .createChannel(let name, let region): return .channel(try await community.createChannel(named: name, region: region))
        case .renameChannel(let channel, let name): return .channel(try await community.renameChannel(channel, to: name))
        case .setArchived(let channel, let archived): return .channel(try await community.setArchived(channel, archived))
        case .archivedChannels: return .channels(try await community.archivedChannels())
        case .moderators: return .moderators(try await community.moderators())
        case .setModerator(let email, let isModerator): try await community.setModerator(email: email, isModerator)
        case .impose(let kind, let member, let reason, let until):
            return .sanction(try await community.impose(kind, on: member, reason: reason, until: until))
        case .lift(let kind, let member): try await community.lift(kind, from: member)
        case .sanctions: return .sanctions(try await community.sanctions())
        case .publishTerms(let text): return .terms(try await community.publishTerms(text))
        case .publishedTerms: return .terms(try await community.publishedTerms())
        case .sessionRefusal: return .refusal(await community.sessionRefusal())
        default: return nil
        }
        return .done
    }
}
