import CommunityProtocol
import Foundation
import XCTest

extension FrameStream {
    /// Sends `request` as a raw frame and reads its answer, for tests that speak the wire format
    /// themselves (a hostile or bare client); one request at a time, so the next frame is its answer.
    func ask(_ request: Request) throws -> Response {
        XCTAssertTrue(write(try FrameCodec.encode(ClientFrame(id: 1, request: request))))
        guard case .response(_, let response)? = try read(ServerFrame.self)?.body else { throw POSIXError(.EPIPE) }
        return response
    }

    /// Sends `request` and reads frames until its answer, passing over the live events a
    /// subscribed connection is pushed in between.
    func answer(_ request: Request) throws -> Response {
        XCTAssertTrue(write(try FrameCodec.encode(ClientFrame(id: 1, request: request))))
        while let frame = try read(ServerFrame.self) {
            if case .response(_, let response) = frame.body { return response }
        }
        throw POSIXError(.EPIPE)
    }
}
