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

    private let state: Mutex<(answers: [Answer], requests: [URLRequest])>

    init(_ answers: [Answer]) { state = Mutex((answers, [])) }

    var requests: [URLRequest] { state.withLock { $0.requests } }

    func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer = state.withLock { value -> Answer? in
            value.requests.append(request)
            return value.answers.isEmpty ? nil : value.answers.removeFirst()
        }
        guard let answer, let url = request.url,
              let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: nil) else {
            throw URLError(.cannotConnectToHost)
        }
        return (Data(answer.body.utf8), response)
    }
}

/// Wraps the real transport and records what went out, to prove what was (not) sent.
final class RecordingTransport: MatrixTransport {
    private let inner = URLSessionTransport()
    private let recorded = Mutex<[URLRequest]>([])

    var requests: [URLRequest] { recorded.withLock { $0 } }

    func exchange(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        return try await inner.exchange(request)
    }
}
