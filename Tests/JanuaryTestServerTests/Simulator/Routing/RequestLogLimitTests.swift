import Foundation
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A long soak test against the simulator must not grow its records without bound: the request log and the
/// server's received requests keep the most recent entries only.
@Suite("The simulator's bounded records", suiteTimeLimit())
struct RequestLogLimitTests {
    private static func get(_ url: URL) async throws {
        _ = try await URLSession.shared.dataOffThePool(from: url)
    }

    @Test("keep the most recent entries, as many as set")
    func keepsTheMostRecent() async throws {
        let simulator = try JanuaryAPISimulator()
        #expect(simulator.requestLogLimit == 1_000)
        #expect(simulator.server.receivedRequestLimit == 1_000)
        simulator.requestLogLimit = 5
        simulator.server.receivedRequestLimit = 3
        for number in 1...12 {
            try await Self.get(simulator.baseURL.appendingPathComponent("v1.2/foods/\(number)"))
        }
        #expect(simulator.requestLog.map(\.path) == (8...12).map { "/v1.2/foods/\($0)" })
        #expect(simulator.server.receivedRequests.map(\.path) == (10...12).map { "/v1.2/foods/\($0)" })
        #expect(simulator.statistics.requestsReceived == 12, "the statistics count every request")
        simulator.requestLogLimit = 2
        #expect(simulator.requestLog.map(\.path) == ["/v1.2/foods/11", "/v1.2/foods/12"])
        simulator.requestLogLimit = 0
        try await Self.get(simulator.baseURL.appendingPathComponent("v1.2/foods/13"))
        #expect(simulator.requestLog.isEmpty)
    }
}
