import Foundation

/// Polls `condition` until it holds or `seconds` pass: tests wait for conditions with a deadline,
/// never sleep-and-hope. Returns whether the condition came true.
public func waitUntil(seconds: TimeInterval = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(5_000)
    }
    return try condition()
}

/// The async form of `waitUntil`, for conditions that must be awaited (a service's state).
/// Runs on the caller's actor, so a main-actor test can poll main-actor state (view models).
public func eventually(
    seconds: TimeInterval = 5, isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return try await condition()
}
