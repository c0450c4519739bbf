import ChatCore
import Foundation
import XCTest
@testable import Matrix

/// An exchange started before its answer is awaited: the answer is kept for a later waiter or
/// handed to one already waiting, and cancelling (the exchange, or the awaiting task) answers
/// `cancelled` whenever it happens.
final class StartedExchangeTests: XCTestCase {
    private let answer: StartedExchange.Answer = (Data("{}".utf8), HTTPResponse(statusCode: 200))

    private func isCancelled(_ error: Error) -> Bool {
        if case NetworkFailure.cancelled = error { return true }
        return false
    }

    func testAnAnswerThatCameFirstIsKeptForTheWaiter() async throws {
        let started = StartedExchange()
        started.finish(.success(answer))
        started.finish(.failure(NetworkFailure.timedOut))
        let (data, response) = try await started.answer()
        XCTAssertEqual(data, Data("{}".utf8), "the first outcome counts")
        XCTAssertEqual(response.statusCode, 200)
    }

    func testAWaiterGetsTheAnswerWhenItComes() async throws {
        let started = StartedExchange()
        let waiting = Task { try await started.answer() }
        try await Task.sleep(nanoseconds: 20_000_000)
        started.finish(.success(answer))
        let (_, response) = try await waiting.value
        XCTAssertEqual(response.statusCode, 200)
    }

    func testAFailureReachesTheWaiter() async {
        let started = StartedExchange()
        started.finish(.failure(NetworkFailure.timedOut))
        do {
            _ = try await started.answer()
            XCTFail("a failed exchange answered")
        } catch {
            guard case NetworkFailure.timedOut = error else { return XCTFail("\(error)") }
        }
    }

    func testCancellingBeforeTheAnswerAnswersCancelledAndStopsTheWork() async {
        let started = StartedExchange()
        let stopped = Mutex(false)
        started.whenCancelled { stopped.withLock { $0 = true } }
        started.cancel()
        started.finish(.success(answer))
        XCTAssertTrue(started.isCancelled)
        XCTAssertTrue(stopped.withLock { $0 }, "the work behind the answer was told to stop")
        do {
            _ = try await started.answer()
            XCTFail("a cancelled exchange answered")
        } catch {
            XCTAssertTrue(isCancelled(error), "\(error)")
        }
    }

    func testCancellingTheAwaitingTaskCancelsTheExchange() async {
        let started = StartedExchange()
        let waiting = Task { try await started.answer() }
        try? await Task.sleep(nanoseconds: 20_000_000)
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("a cancelled wait answered")
        } catch {
            XCTAssertTrue(isCancelled(error), "\(error)")
        }
        XCTAssertTrue(started.isCancelled, "the exchange itself is cancelled, so the transfer stops")
    }

    /// The default `start` of a transport with only `exchange` runs it in a task of its own.
    func testTheDefaultStartRunsTheExchange() async throws {
        let transport = ScriptedTransport([.init(status: 200, body: "{\"ok\":true}")])
        let started = transport.start(HTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!))
        let (data, response) = try await started.answer()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "{\"ok\":true}")
    }
}
