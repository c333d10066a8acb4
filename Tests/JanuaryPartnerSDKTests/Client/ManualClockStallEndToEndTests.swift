import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// A partner's test that scripts trouble for a read and never advances its `ManualClock` fails, naming the wait,
/// instead of hanging: the read is retried (or its answer delayed) on the test's clock, the clock's stall error
/// ends the sleep, and the client throws it as it is. Before the stall error, each of these waited forever.
@Suite("A read waiting on a ManualClock nobody advances", suiteTimeLimit())
struct ManualClockStallEndToEndTests {
    /// How the client names the wait before its first retry of the read.
    static let firstRetry = "the wait before retry 1 of GET /v1.2/foods/1001, after "

    /// A scripted trouble for `GET /v1.2/foods/1001`, the wait it makes the client sleep, and that sleep's duration
    /// (a first back-off is 0.5 s with jitter down to 75 %).
    static let troubles: [(JanuaryAPISimulator.ScriptedFailure, String, ClosedRange<Double>)] = [
        (.closeConnection, firstRetry + "a transport failure (no answer)", 0.375...0.5),
        (.transportError(.networkConnectionLost), firstRetry + "a transport failure (no answer)", 0.375...0.5),
        (.serviceUnavailable, firstRetry + "January's HTTP 503", 0.375...1),
        (.rateLimited(retryAfter: 1), firstRetry + "January's HTTP 429", 1...1),
        (.delay(30), "the simulator's scripted delay of 30 s before answering GET /v1.2/foods/1001", 30...30),
        (
            .delay(90),
            "the 60 s request timeout of GET /v1.2/foods/1001, which the simulator's scripted delay of 90 s reaches",
            60...60
        ),
    ]

    @Test("the read fails with the clock's stall error, which names the wait and no credential", arguments: troubles)
    func aStalledReadFailsNamingItsWait(
        trouble: JanuaryAPISimulator.ScriptedFailure,
        purpose: String,
        duration: ClosedRange<Double>
    ) async throws {
        // A stall timeout far below the hang guard below: the clock is never advanced, so the stall is certain.
        let clock = ManualClock(stallTimeout: 0.2)
        let simulator = JanuaryAPISimulator.inProcess(now: { clock.now() })
        let token = simulator.mintToken(endUserID: "user-42")
        var configuration = JanuaryPartnerClient.Configuration(baseURL: SimulatorTransport.baseURL)
        configuration.clock = clock
        configuration.transport = SimulatorTransport(simulator, clock: clock)
        let january = try JanuaryPartnerClient(
            clientTokenProvider: { JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn)) },
            configuration: configuration
        )
        simulator.failNext(with: trouble, pathPrefix: "/v1.2/foods")

        let read = Task { try await january.foods.get(id: "1001") }
        let outcome = try await result(of: read, "the stalled read to fail")
        let error = try #require(throws: ManualClock.StallError.self) { try outcome.get() }

        #expect(error.purpose == purpose)
        #expect(duration.contains(error.requestedDuration) && error.remainingDuration == error.requestedDuration)
        #expect(error.began == ManualClock.defaultStart && error.stallTimeout == 0.2)
        #expect(error.description.contains("It was \(purpose)."))
        #expect(!error.description.contains(token.value) && !error.description.contains("Bearer"))
        #expect(simulator.requestLog.filter { $0.operation == "getFood" }.count == 1, "sent once, never retried")
        #expect(clock.sleeperCount == 0)
    }
}
