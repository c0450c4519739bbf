import CommunityProtocol
import Foundation
import Glibc

/// Two connected frame streams over a Unix socket pair: the reading end first.
func socketPair() throws -> (FrameStream, FrameStream) {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw POSIXError(.EIO) }
    return (FrameStream(descriptor: fds[0]), FrameStream(descriptor: fds[1]))
}
