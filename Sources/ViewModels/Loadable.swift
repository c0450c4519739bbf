/// Something fetched: not yet there, there, or failed with a readable reason.
public enum Loadable<Value> {
    case loading
    case loaded(Value)
    case failed(String)

    /// The value when loaded.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Hashable where Value: Hashable {}
extension Loadable: Sendable where Value: Sendable {}
