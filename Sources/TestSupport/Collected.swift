import Foundation

/// Values gathered from callbacks on other threads, read by the test thread.
public final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    public init() {}

    public func append(_ value: Value) { lock.withLock { items.append(value) } }

    public var values: [Value] { lock.withLock { items } }

    public var count: Int { lock.withLock { items.count } }
}
