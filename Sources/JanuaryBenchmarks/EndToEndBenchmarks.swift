import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Figure 5: a request through `JanuaryPartnerClient` against the same request through plain URLSession.
enum EndToEndBenchmarks {
    static func figure(requests: Int) async throws -> Figure {
        let server = try LoopbackHTTPServer { _ in .json(#"{"ok":true}"#) }
        defer { server.shutdown() }
        let client = try JanuaryPartnerClient(
            clientTokenProvider: {
                JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
            },
            configuration: .init(baseURL: server.baseURL)
        )
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var plainRequest = URLRequest(url: server.baseURL.appendingPathComponent("v1/ping"))
        plainRequest.setValue("Bearer bench-token", forHTTPHeaderField: "Authorization")
        plainRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let sdkRequest = JanuaryRequest(path: "/v1/ping")

        // Warm both paths: connections, the token cache, lazy initialisation.
        for _ in 0..<50 {
            _ = try await client.send(sdkRequest)
            _ = try await session.data(for: plainRequest)
        }
        var sdk: [Double] = []
        var plain: [Double] = []
        // Alternate request by request, so that noise on the machine lands on both sides alike.
        for index in 0..<(requests * 2) {
            let start = nowNanoseconds()
            if index.isMultiple(of: 2) {
                blackHole(try await client.send(sdkRequest))
                sdk.append(Double(nowNanoseconds() - start) / 1000)
            } else {
                blackHole(try await session.data(for: plainRequest))
                plain.append(Double(nowNanoseconds() - start) / 1000)
            }
        }
        return Figure(
            name: "5. end-to-end request over loopback",
            value: median(sdk),
            unit: "µs/request",
            baseline: median(plain),
            ratioTarget: 1.05,
            valueTarget: nil,
            note: "baseline: plain URLSession, same server, \(requests) requests each, interleaved"
        )
    }
}
