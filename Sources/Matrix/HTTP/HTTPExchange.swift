import FoundationEssentials

/// One HTTP request as the transport sends it: our own value rather than FoundationNetworking's
/// `URLRequest`, so the Matrix backend (linked into every tteok) does not load
/// FoundationNetworking and libcurl with it when the embedded community is used.
/// The names follow `URLRequest`, which these replace.
public struct HTTPRequest: Sendable {
    public var url: URL?
    public var httpMethod: String? = "GET"
    public var httpBody: Data?
    /// Seconds the whole exchange may take.
    public var timeoutInterval: TimeInterval
    /// The most bytes of answer body the transport accepts; past it the transfer is abandoned
    /// at once and the exchange fails with `TransportFailure.answerTooLarge`, so a hostile or
    /// broken server cannot fill memory.
    public var answerLimit: Int = 64 * 1024 * 1024
    public private(set) var allHTTPHeaderFields: [String: String] = [:]

    public init(url: URL, timeoutInterval: TimeInterval = 60) {
        self.url = url
        self.timeoutInterval = timeoutInterval
    }

    public func value(forHTTPHeaderField name: String) -> String? {
        allHTTPHeaderFields.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        if let existing = allHTTPHeaderFields.keys.first(where: { $0.lowercased() == name.lowercased() }) {
            allHTTPHeaderFields[existing] = nil
        }
        allHTTPHeaderFields[name] = value
    }
}

/// The answer's status (the body travels beside it).
public struct HTTPResponse: Sendable {
    public var statusCode: Int

    public init(statusCode: Int) {
        self.statusCode = statusCode
    }
}
