import ChatCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Matrix

/// A transport that answers from a script and records every request, for tests without a server.
final class ScriptedTransport: MatrixTransport {
    struct Answer {
        var status: Int
        var body: String
    }

    private let state: Mutex<(answers: [Answer], requests: [HTTPRequest])>

    init(_ answers: [Answer]) { state = Mutex((answers, [])) }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let answer = state.withLock { value -> Answer? in
            value.requests.append(request)
            return value.answers.isEmpty ? nil : value.answers.removeFirst()
        }
        guard let answer else { throw NetworkFailure.cannotConnectToHost }
        return (Data(answer.body.utf8), HTTPResponse(statusCode: answer.status))
    }
}

/// Wraps the real transport and records what went out, to prove what was (not) sent.
final class RecordingTransport: MatrixTransport {
    private let inner = CurlTransport()
    private let recorded = Mutex<[HTTPRequest]>([])

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        recorded.withLock { $0.append(request) }
        return try await inner.exchange(request)
    }
}
