import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryTestServer
import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Figures 5a and 5b: a request through `JanuaryPartnerClient` against the same request through a plain
/// URLSession configured as the client's own, over loopback.
enum EndToEndBenchmarks {
    static let baselineName =
        "plain URLSession configured like the SDK's (ephemeral, no URL cache, cookies or credential storage, "
        + "60 s timeout), same request and header fields"

    /// Figure 5a's request on both sides: a `GET` that answers `{"ok":true}`; also what `--profile` and
    /// `--allocations` send.
    static func makeBench() async throws -> LoopbackBench {
        try await LoopbackBench(
            handler: { _ in .json(#"{"ok":true}"#) },
            sdkCall: { client in
                blackHole(try await client.send(JanuaryRequest(path: "/v1.2/ping", replay: .safe)))
            },
            plainDecode: { _ in }
        )
    }

    static func figures(rounds: Int, sequentialRequests: Int, concurrentRequests: Int) async throws -> [Figure] {
        let bench = try await makeBench()
        defer { bench.shutdown() }
        try await bench.warmUp()
        var sdkLatency: [Double] = []
        var plainLatency: [Double] = []
        var sdkThroughput: [Double] = []
        var plainThroughput: [Double] = []
        for round in 0..<rounds {
            let (sdk, plain) = try await bench.sequentialRound(
                requests: sequentialRequests,
                sdkFirst: round.isMultiple(of: 2)
            )
            sdkLatency.append(sdk)
            plainLatency.append(plain)
        }
        for round in 0..<rounds {
            for sdkSide in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let rate = try await bench.throughput(requests: concurrentRequests, inFlight: 64, sdk: sdkSide)
                if sdkSide {
                    sdkThroughput.append(rate)
                } else {
                    plainThroughput.append(rate)
                }
            }
        }
        return [
            Figure(
                id: "5a",
                name: "sequential GET over loopback",
                unit: "µs/request",
                samples: sdkLatency,
                baseline: Baseline(name: baselineName, samples: plainLatency),
                target: .ratioAtMost(1.05),
                note: "\(rounds) rounds, each the median of \(sequentialRequests) requests per side, alternated "
                    + "request by request"
            ),
            Figure(
                id: "5b",
                name: "throughput with 64 requests in flight over loopback",
                unit: "requests/s",
                samples: sdkThroughput,
                baseline: Baseline(name: baselineName, samples: plainThroughput),
                target: .ratioAtLeast(0.95),
                note: "\(rounds) interleaved rounds of \(concurrentRequests) requests per side"
            ),
        ]
    }
}

/// A loopback server, a client and a like-for-like plain URLSession sending the same request to it.
///
/// The plain request carries exactly the header fields the client sent (read back from the server after one
/// client request), and `warmUp()` checks that the server received the same fields from both, so that neither
/// side sends or receives more than the other.
final class LoopbackBench: Sendable {
    let server: LoopbackHTTPServer
    let client: JanuaryPartnerClient
    let session: URLSession
    let sdkCall: @Sendable (JanuaryPartnerClient) async throws -> Void
    let plainRequest: URLRequest
    let plainDecode: @Sendable (Data) throws -> Void

    /// - Parameters:
    ///   - handler: The server's answers.
    ///   - sdkCall: One call through the client, such as `client.send(request)` or `client.foods.search(…)`.
    ///   - plainDecode: What the baseline does with the body it receives (decodes it, for a typed operation).
    /// - Throws: When the server cannot start or the client's first call fails.
    init(
        handler: @escaping LoopbackHTTPServer.Handler,
        sdkCall: @escaping @Sendable (JanuaryPartnerClient) async throws -> Void,
        plainDecode: @escaping @Sendable (Data) throws -> Void
    ) async throws {
        server = try LoopbackHTTPServer(handler: handler)
        client = try JanuaryPartnerClient(
            clientTokenProvider: {
                JanuaryClientToken(value: "bench-token", expiresAt: Date().addingTimeInterval(3600))
            },
            configuration: .init(baseURL: server.baseURL)
        )
        session = Self.makeBaselineSession()
        self.sdkCall = sdkCall
        self.plainDecode = plainDecode
        try await sdkCall(client)
        guard let sent = server.receivedRequests.last else {
            throw BenchError("the server recorded no request from the client")
        }
        // The same URL and the fields the client sent, from what the server received.
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
        components?.percentEncodedPath = sent.path
        components?.percentEncodedQuery = sent.query
        guard let url = components?.url else {
            throw BenchError("the client's request target is not a URL")
        }
        var request = URLRequest(url: url)
        // As the client's transport sets them on every request.
        request.httpShouldHandleCookies = false
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = 60
        for name in ["Accept", "User-Agent", "Authorization"] {
            request.setValue(sent.value(forHeader: name), forHTTPHeaderField: name)
        }
        plainRequest = request
    }

    /// The baseline session: what `URLSessionHTTPTransport` and the client's configuration set, nothing else.
    static func makeBaselineSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        URLSessionHTTPTransport.turnOffPersistence(of: configuration)
        return URLSession(configuration: configuration)
    }

    /// One call through the client.
    func sdk() async throws {
        try await sdkCall(client)
    }

    /// The same call through the plain session: the request, then what the baseline does with the body.
    func plain() async throws {
        let (data, response) = try await session.data(for: plainRequest)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BenchError("the baseline's request failed")
        }
        try plainDecode(data)
    }

    func shutdown() {
        session.invalidateAndCancel()
        server.shutdown()
    }

    /// Warms both paths (connections, the token cache, lazy initialisation) and checks that the server
    /// received the same request from both.
    func warmUp() async throws {
        for _ in 0..<50 {
            try await sdk()
            try await plain()
        }
        server.clearReceivedRequests()
        try await sdk()
        try await plain()
        let received = server.receivedRequests
        guard received.count == 2 else {
            throw BenchError("expected 2 requests at the server, got \(received.count)")
        }
        let describe = { (request: RecordedRequest) -> String in
            let fields = request.headerFields.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
            return "\(request.method) \(request.target) " + fields.joined(separator: "; ")
        }
        guard describe(received[0]) == describe(received[1]) else {
            // Never print the values: one is a token.
            let names = { (request: RecordedRequest) in request.headerFields.map { $0.name.lowercased() }.sorted() }
            throw BenchError(
                "the baseline does not send what the client sends: \(names(received[0])) vs \(names(received[1]))"
            )
        }
        server.clearReceivedRequests()
    }

    /// One round of sequential requests, alternated request by request: the median microseconds per request
    /// of each side.
    func sequentialRound(requests: Int, sdkFirst: Bool) async throws -> (sdk: Double, plain: Double) {
        var sdkTimes: [Double] = []
        var plainTimes: [Double] = []
        for index in 0..<(requests * 2) {
            let start = nowNanoseconds()
            if index.isMultiple(of: 2) == sdkFirst {
                try await sdk()
                sdkTimes.append(Double(nowNanoseconds() - start) / 1000)
            } else {
                try await plain()
                plainTimes.append(Double(nowNanoseconds() - start) / 1000)
            }
        }
        server.clearReceivedRequests()
        return (median(sdkTimes), median(plainTimes))
    }

    /// Requests per second with `inFlight` requests outstanding at all times until `requests` have completed.
    func throughput(requests: Int, inFlight: Int, sdk: Bool) async throws -> Double {
        let next = Locked(0)
        let start = nowNanoseconds()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<inFlight {
                group.addTask {
                    while next.withLock({ count -> Bool in
                        count += 1
                        return count <= requests
                    }) {
                        if sdk {
                            try await self.sdk()
                        } else {
                            try await self.plain()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Double(nowNanoseconds() - start) / 1_000_000_000
        server.clearReceivedRequests()
        return Double(requests) / seconds
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
