import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer

/// Figure 8: what a test pays for the simulator, in process (`SimulatorTransport`) against over loopback (the
/// client's own URLSession transport to the simulator's socket), in the same run and on the same simulator.
enum SimulatorBenchmarks {
    static let baselineName = "the same requests over loopback (the client's URLSession transport)"

    /// - Parameters:
    ///   - rounds: Rounds, each timing `roundTrips` requests per side, the sides alternating which goes first.
    ///   - roundTrips: Requests per side and round.
    /// - Returns: The figure, with the loopback side as its baseline.
    /// - Throws: What the simulator or a client throws, or ``BenchError`` when the two paths answer differently.
    static func figure(rounds: Int, roundTrips: Int) async throws -> Figure {
        // One simulator answers both sides, so both run the same engine on the same books.
        let simulator = try JanuaryAPISimulator()
        let provider: @Sendable () async throws -> JanuaryClientToken = {
            let token = simulator.mintToken(endUserID: "bench-user")
            return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
        }
        let loopback = try JanuaryPartnerClient(
            clientTokenProvider: provider,
            configuration: JanuaryPartnerClient.Configuration(baseURL: simulator.baseURL)
        )
        var inProcessConfiguration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        inProcessConfiguration.transport = SimulatorTransport(simulator)
        let inProcess = try JanuaryPartnerClient(clientTokenProvider: provider, configuration: inProcessConfiguration)
        // A lookup by id: the simulator's own work (the same on both sides) stays small, so the figure shows
        // what the path costs. A catalogue search costs the engine far more, on both sides alike.
        let request = JanuaryRequest(path: "/v1.2/foods/1001", replay: .safe)
        // Warm both: the token, the connection, lazy initialisation. Both must answer the same.
        for _ in 0..<20 {
            let viaSocket = try await loopback.send(request)
            let viaProcess = try await inProcess.send(request)
            guard viaSocket.statusCode == 200, viaSocket.body == viaProcess.body else {
                throw BenchError("the two paths answered differently: \(viaSocket) and \(viaProcess)")
            }
        }
        var inProcessSamples: [Double] = []
        var loopbackSamples: [Double] = []
        for round in 0..<rounds {
            for inProcessSide in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let client = inProcessSide ? inProcess : loopback
                let start = nowNanoseconds()
                for _ in 0..<roundTrips {
                    blackHole(try await client.send(request))
                }
                let milliseconds = Double(nowNanoseconds() - start) / 1_000_000
                if inProcessSide {
                    inProcessSamples.append(milliseconds)
                } else {
                    loopbackSamples.append(milliseconds)
                }
                // The request log would otherwise grow by every round trip of every round.
                simulator.clearRequestLog()
            }
        }
        return Figure(
            id: "8",
            name: "\(roundTrips) simulator round trips in process",
            unit: "ms",
            samples: inProcessSamples,
            baseline: Baseline(name: baselineName, samples: loopbackSamples),
            target: .ratioAtMost(0.2),
            note: "\(rounds) interleaved rounds of \(roundTrips) sequential GET /v1.2/foods/1001 "
                + "through JanuaryPartnerClient.send per side; in process is "
                + Figure.format(median(zip(loopbackSamples, inProcessSamples).map { $0 / $1 }))
                + "x faster (median of the rounds)"
        )
    }
}
