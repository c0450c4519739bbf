import ChatCore
import CommunityProtocol

/// Search over the socket: the engine behind the service applies the reading rules.
extension ServiceCommunity {
    public func search(_ query: SearchQuery) async throws -> SearchPage {
        guard case .searchPage(let page) = try await call(.search(query)) else { throw unexpected() }
        return page
    }
}
