import Foundation
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// SIGPIPEs delivered while ``ShutdownRaceTests`` runs. Written only by the signal handler, read after it is
/// removed; a plain global because a signal handler can capture nothing.
nonisolated(unsafe) private var brokenPipeSignals: Int32 = 0

@Suite("LoopbackHTTPServer shutdown races", .serialized, suiteTimeLimit(minutes: 5))
struct ShutdownRaceTests {
    /// Connects to the server without waiting for the handshake, so the connection lands while it shuts down.
    private static func connectWithoutWaiting(port: Int) -> Int32 {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else {
            return descriptor
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return descriptor
    }

    /// One round: a server, one to four connections on their way in, and a shutdown that meets them.
    private static func race(round: Int) throws {
        let server = try LoopbackHTTPServer { _ in .text("ok") }
        // One to four connections, so that shutdown meets the accept thread at every point of its loop: waiting
        // in poll, accepting, registering, or starting a connection thread.
        let clients = (0...(round % 4)).map { _ in connectWithoutWaiting(port: server.port) }
        server.shutdown()
        server.shutdown()
        for client in clients where client >= 0 {
            close(client)
        }
    }

    @Test("1,000 shutdowns racing incoming connections raise no SIGPIPE and always return")
    func shutdownRacesConnections() async throws {
        // Counted rather than fatal: the default action would kill the whole test process on the first one.
        let previous = signal(SIGPIPE) { _ in brokenPipeSignals += 1 }
        defer { signal(SIGPIPE, previous) }
        // On a thread of its own: the rounds connect and close sockets, which block, and blocking one of the few
        // cooperative threads for all of them would hold up every other suite running meanwhile.
        let shutDown = try await withDeadline("1,000 shutdown races") {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Int, any Error>, Never>) in
                Thread {
                    continuation.resume(
                        returning: Result {
                            for round in 0..<1_000 {
                                try Self.race(round: round)
                            }
                            return 1_000
                        })
                }.start()
            }
        }
        #expect(try shutDown.get() == 1_000)
        #expect(brokenPipeSignals == 0)
    }
}
