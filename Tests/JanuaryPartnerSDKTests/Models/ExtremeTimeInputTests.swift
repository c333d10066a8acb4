import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The guard for issue 35's class of bug: a duration, date or interval, from a partner or a test, that reaches a
/// URLSession timeout, an `Int` or a `Date` unchecked and traps. Every public duration, date and interval
/// parameter of the client and the simulator is fed the extremes; each gives a value or throws, and the process
/// survives. (``NonFiniteInputTests`` covers the models' numbers and dates.)
@Suite("Extreme durations, dates and intervals", suiteTimeLimit())
struct ExtremeTimeInputTests {
    /// One extreme, as a number of seconds and as an instant.
    struct Extreme: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let seconds: TimeInterval
        let instant: Date

        init(_ seconds: TimeInterval) {
            testDescription = "\(seconds)"
            self.seconds = seconds
            instant = Date(timeIntervalSince1970: seconds)
        }

        init(_ name: String, _ instant: Date) {
            testDescription = name
            seconds = instant.timeIntervalSince1970
            self.instant = instant
        }
    }

    static let extremes = [
        Extreme(.infinity), Extreme(-.infinity), Extreme(.nan), Extreme(1e300), Extreme(-1e300),
        Extreme("Date.distantPast", .distantPast), Extreme("Date.distantFuture", .distantFuture),
        Extreme("year 1", Date(timeIntervalSince1970: -62_135_596_800)),
        Extreme("year 9999", Date(timeIntervalSince1970: 253_402_300_799)),
    ]

    static let utc = TimeZone(identifier: "UTC")!

    /// Runs `body`, and accepts a value or a `JanuaryError` of one of `categories`.
    static func expectNoTrap(
        _ name: String,
        _ extreme: Extreme,
        categories: Set<JanuaryError.Category>? = nil,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
        } catch let error as JanuaryError {
            if let categories {
                #expect(categories.contains(error.category), "\(name)(\(extreme.testDescription)): \(error)")
            }
        } catch {
            Issue.record("\(name)(\(extreme.testDescription)) threw \(error)")
        }
    }

    @Test(
        "the client's clock at an extreme: today and every dated list give a value or invalidInput", arguments: extremes
    )
    func clientClock(extreme: Extreme) async throws {
        let harness = try ScriptedClient { $0.clock = ManualClock(now: extreme.instant) }
        let user = harness.client.forUser(PartnerUserID(rawValue: "user-1"), timeZone: Self.utc)
        let first = try JanuaryDate("0001-01-01")
        let last = try JanuaryDate("9999-12-31")
        await Self.expectNoTrap("today", extreme, categories: [.invalidInput]) { _ = try user.today() }
        for (start, end) in [(first, first), (first, last), (last, last)] {
            await Self.expectNoTrap("waterLogs.list", extreme, categories: [.invalidInput, .decoding]) {
                _ = try await user.waterLogs.list(from: start, through: end)
            }
            await Self.expectNoTrap("weightLogs.list", extreme, categories: [.invalidInput, .decoding]) {
                _ = try await user.weightLogs.list(from: start, through: end)
            }
            await Self.expectNoTrap("foodLogs.list", extreme, categories: [.invalidInput, .decoding]) {
                _ = try await user.foodLogs.list(from: start, through: end)
            }
        }
        await Self.expectNoTrap("prefetchToken", extreme) { try await harness.client.prefetchToken() }
    }

    @Test("each client duration is accepted or refused with invalidInput at creation", arguments: extremes)
    func configurationDurations(extreme: Extreme) async throws {
        await Self.expectNoTrap("requestTimeout", extreme, categories: [.invalidInput]) {
            let harness = try ScriptedClient { $0.requestTimeout = extreme.seconds }
            _ = try await harness.client.send(JanuaryRequest(path: "/v1.2/foods/1"))
        }
        await Self.expectNoTrap("JanuaryRequest.timeout", extreme, categories: [.invalidInput]) {
            let harness = try ScriptedClient()
            var request = JanuaryRequest(path: "/v1.2/foods/1")
            request.timeout = extreme.seconds
            _ = try await harness.client.send(request)
        }
    }

    @Test(
        "the token endpoint's provider timeout never reaches URLSession as one it traps on",
        arguments: extremes
    )
    func tokenEndpointTimeout(extreme: Extreme) async throws {
        let partner = try LoopbackHTTPServer()
        defer { partner.shutdown() }
        partner.enqueue(.json(#"{"token": "ct-extreme", "expires_in": 1800}"#))
        let url = partner.baseURL.appendingPathComponent("token")
        await Self.expectNoTrap("tokenProviderTimeout", extreme, categories: [.invalidInput]) {
            var configuration = JanuaryPartnerClient.Configuration(baseURL: URL(string: "http://127.0.0.1:9")!)
            configuration.tokenProviderTimeout = extreme.seconds
            let client = try JanuaryPartnerClient(
                tokenEndpoint: { URLRequest(url: url) },
                configuration: configuration
            )
            try await client.prefetchToken()
        }
    }

    @Test("the simulator's lifetimes, clock and timeouts give a token or an error, never a trap", arguments: extremes)
    func simulator(extreme: Extreme) async throws {
        let simulator = JanuaryAPISimulator.inProcess(tokenLifetime: extreme.seconds, now: { extreme.instant })
        let minted = simulator.mintToken()
        #expect(abs(minted.expiresIn) <= Int(Int32.max))
        let chosen = simulator.mintToken(lifetime: extreme.seconds)
        #expect(abs(chosen.expiresIn) <= Int(Int32.max))
        let transport = SimulatorTransport(simulator, timeout: extreme.seconds)
        let response = try await transport.send(
            JanuaryHTTPRequest(
                method: .post,
                url: SimulatorTransport.partnerBackendTokenURL,
                headerFields: ["Content-Type": "application/json"],
                body: .data(Data(#"{"ttl_seconds": 1e300}"#.utf8))
            )
        )
        #expect(response.statusCode < 500, "\(response.statusCode)")
        await Self.expectNoTrap("simulated client", extreme) {
            let client = try JanuaryPartnerClient.simulated(simulator) { $0.requestTimeout = 60 }
            _ = try await client.foods.get(id: "1001")
        }
    }
}
