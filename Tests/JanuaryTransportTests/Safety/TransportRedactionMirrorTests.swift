import Foundation
import JanuaryTestServer
import JanuaryTransport
import Testing

@Suite("URLSessionHTTPTransport reflection", suiteTimeLimit())
struct TransportRedactionMirrorTests {
    @Test("dump of a transport with a request in flight never reaches the request's credential")
    func dumpDoesNotReachInFlightRequests() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        server.enqueue(ScriptedResponse(status: 200, delay: 5))
        let transport = URLSessionHTTPTransport()
        var request = JanuaryHTTPRequest(url: server.baseURL.appendingPathComponent("slow"))
        request.headerFields["Authorization"] = "Bearer MIRROR_SECRET_42"
        let inFlight = Task { [request] in try await transport.send(request) }
        while server.receivedRequests.isEmpty {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        var dumped = ""
        dump(transport, to: &dumped)
        inFlight.cancel()
        _ = try? await inFlight.value
        #expect(!dumped.contains("MIRROR_SECRET_42"))
        #expect(dumped.contains("isShutDown"))
        #expect(String(describing: transport) == "URLSessionHTTPTransport(open)")
        transport.shutdown()
        #expect(String(describing: transport) == "URLSessionHTTPTransport(shut down)")
    }
}
