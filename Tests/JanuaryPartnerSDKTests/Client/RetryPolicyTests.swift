import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// The retry policy's rules, on a scripted transport and the manual clock: which failures are sent again, how
/// long the client waits, and when it gives up at once.
@Suite("Rate limits and transient failures", suiteTimeLimit())
struct RetryPolicyTests {
    private static let timeout = ScriptedClient.Answer.failure(
        JanuaryError(
            category: .timeout,
            code: "request_timeout",
            message: "The request timed out.",
            underlyingError: URLError(.timedOut)
        )
    )
    private static let reset = ScriptedClient.Answer.failure(
        .network("The connection was lost.", underlyingError: URLError(.networkConnectionLost))
    )

    /// A request of the class `replay`; the method only frames it (a body unless `GET` or `DELETE`).
    private static func request(_ method: JanuaryRequest.Method, _ replay: JanuaryReplayClass) -> JanuaryRequest {
        JanuaryRequest(
            method: method,
            path: "/v1.2/food-logs",
            body: method == .get || method == .delete
                ? .empty : .data(Data("{}".utf8), contentType: "application/json"),
            replay: replay
        )
    }

    /// Sends `request`, ending each retry wait as soon as it is armed, `waits` times.
    private static func send(
        _ harness: ScriptedClient,
        _ request: JanuaryRequest,
        waits: Int
    ) async throws -> (Result<JanuaryResponse, any Error>, [TimeInterval]) {
        let task = Task { try await harness.client.send(request) }
        var delays: [TimeInterval] = []
        for _ in 0..<waits {
            try await harness.clock.waitForSleepers(1)
            let delay = try #require(harness.clock.sleeperRemainingDurations.first)
            delays.append(delay)
            harness.clock.advance(by: delay)
        }
        return (await task.result, delays)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let method: JanuaryRequest.Method
        let replay: JanuaryReplayClass
        let answers: [ScriptedClient.Answer]
        let sends: Int
        let succeeds: Bool
        var testDescription: String { name }
    }

    private static let cases: [Case] = [
        Case(
            name: "GET after 429 rate_limited", method: .get, replay: .safe,
            answers: [.error(429, code: "rate_limited")],
            sends: 2, succeeds: true),
        Case(
            name: "POST after 429 rate_limited (nothing was recorded)", method: .post, replay: .onceOnly,
            answers: [.error(429, code: "rate_limited")], sends: 2, succeeds: true),
        Case(
            name: "PATCH after 429 with an unknown code", method: .patch, replay: .onceOnly,
            answers: [.error(429, code: "new_limit")],
            sends: 2, succeeds: true),
        Case(
            name: "GET after 429 credit_limit_exceeded", method: .get, replay: .safe,
            answers: [.error(429, code: "credit_limit_exceeded")], sends: 1, succeeds: false),
        Case(
            name: "GET after 429 request_limit_exceeded", method: .get, replay: .safe,
            answers: [.error(429, code: "request_limit_exceeded")], sends: 1, succeeds: false),
        Case(
            name: "GET after 503 twice", method: .get, replay: .safe,
            answers: [.error(503, code: "service_unavailable"), .error(503, code: "service_unavailable")],
            sends: 3, succeeds: true),
        Case(
            name: "GET after 503 three times", method: .get, replay: .safe,
            answers: Array(repeating: .error(503, code: "service_unavailable"), count: 3), sends: 3, succeeds: false),
        Case(
            name: "PUT after 500", method: .put, replay: .safe, answers: [.error(500, code: "internal_error")],
            sends: 2,
            succeeds: true),
        Case(
            name: "DELETE after 502", method: .delete, replay: .safe, answers: [.error(502, code: "upstream_error")],
            sends: 2,
            succeeds: true),
        Case(
            name: "GET after 504", method: .get, replay: .safe, answers: [.error(504, code: "upstream_timeout")],
            sends: 2,
            succeeds: true),
        Case(
            name: "GET after 501 not_implemented", method: .get, replay: .safe,
            answers: [.error(501, code: "not_implemented")],
            sends: 1, succeeds: false),
        Case(
            name: "GET after 400", method: .get, replay: .safe, answers: [.error(400, code: "invalid_request")],
            sends: 1,
            succeeds: false),
        Case(
            name: "GET after 404", method: .get, replay: .safe, answers: [.error(404, code: "not_found")], sends: 1,
            succeeds: false),
        Case(
            name: "POST after 503", method: .post, replay: .onceOnly,
            answers: [.error(503, code: "service_unavailable")], sends: 1,
            succeeds: false),
        Case(
            name: "PATCH after 500", method: .patch, replay: .onceOnly, answers: [.error(500, code: "internal_error")],
            sends: 1,
            succeeds: false),
        Case(name: "GET after a timeout", method: .get, replay: .safe, answers: [timeout], sends: 2, succeeds: true),
        Case(
            name: "DELETE after a dropped connection", method: .delete, replay: .safe, answers: [reset], sends: 2,
            succeeds: true),
        Case(
            name: "POST after a timeout", method: .post, replay: .onceOnly, answers: [timeout], sends: 1,
            succeeds: false),
        Case(
            name: "POST after a dropped connection", method: .post, replay: .onceOnly, answers: [reset], sends: 1,
            succeeds: false),
    ]

    @Test("which failures are sent again, for which replay classes", arguments: cases)
    func whichFailuresAreRetried(testCase: Case) async throws {
        let harness = try ScriptedClient(testCase.answers)
        let (outcome, delays) = try await Self.send(
            harness, Self.request(testCase.method, testCase.replay), waits: testCase.sends - 1)
        #expect(harness.transport.requests.count == testCase.sends)
        let succeeded = (try? outcome.get()) != nil
        #expect(succeeded == testCase.succeeds)
        #expect(delays.count == testCase.sends - 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("without Retry-After the waits grow from 0.5 s with jitter; with it, the client waits exactly that")
    func waits() async throws {
        let harness = try ScriptedClient([
            .error(503, code: "service_unavailable"), .error(503, code: "service_unavailable"),
        ])
        let (outcome, delays) = try await Self.send(harness, Self.request(.get, .safe), waits: 2)
        _ = try outcome.get()
        #expect(delays.count == 2)
        #expect((0.375...0.5).contains(delays[0]))
        #expect((0.75...1.0).contains(delays[1]))

        let honoured = try ScriptedClient([.error(429, code: "rate_limited", headers: ["Retry-After": "1"])])
        let (second, waited) = try await Self.send(honoured, Self.request(.get, .safe), waits: 1)
        _ = try second.get()
        #expect(waited == [1])
    }

    @Test("Retry-After over 60 s is not waited for: the error comes at once with retryAfter")
    func longRetryAfterThrowsAtOnce() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited", headers: ["Retry-After": "3600"])])
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(Self.request(.get, .safe))
        }
        #expect(error?.category == .rateLimited)
        #expect(error?.code == "rate_limited")
        #expect(error?.retryAfter == 3_600)
        #expect(harness.transport.requests.count == 1)
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("retries that would wait more than 60 s in all stop: the second 40 s wait is not taken")
    func totalWaitIsCapped() async throws {
        let limited = ScriptedClient.Answer.error(429, code: "rate_limited", headers: ["Retry-After": "40"])
        let harness = try ScriptedClient([limited, limited])
        let (outcome, delays) = try await Self.send(harness, Self.request(.get, .safe), waits: 1)
        #expect(delays == [40])
        guard case .failure(let error as JanuaryError) = outcome else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(error.retryAfter == 40)
        #expect(harness.transport.requests.count == 2)
    }

    @Test("a failed POST says the write may or may not have happened and how to check")
    func ambiguousWriteMessage() async throws {
        let harness = try ScriptedClient([.error(503, code: "service_unavailable", message: "Try later.")])
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(Self.request(.post, .onceOnly))
        }
        #expect(error?.code == "service_unavailable")
        #expect(error?.message.hasPrefix("Try later.") == true)
        #expect(error?.message.contains("may or may not have taken effect") == true)
        #expect(error?.message.contains("list or get") == true)
        #expect(error?.mayHaveTakenEffect == true)
    }

    @Test(
        "a raw request's replay class decides, whatever its method",
        arguments: [
            (JanuaryRequest.Method.post, JanuaryReplayClass.safe, 2, true),
            (.patch, .safe, 2, true),
            (.get, .onceOnly, 1, false),
            (.delete, .onceOnly, 1, false),
            (.get, .never, 1, false),
        ]
    )
    func theReplayClassDecides(method: JanuaryRequest.Method, replay: JanuaryReplayClass, sends: Int, succeeds: Bool)
        async throws
    {
        // Zero waits, so that a retry the rule should have refused cannot hang the test on the manual clock.
        let harness = try ScriptedClient([.error(503, code: "service_unavailable")]) {
            $0.retryPolicy = JanuaryRetryPolicy(maximumRetries: 1, baseDelay: 0, maximumDelay: 0)
        }
        let outcome: Result<JanuaryResponse, any Error>
        do {
            outcome = .success(try await harness.client.send(Self.request(method, replay)))
        } catch {
            outcome = .failure(error)
        }
        #expect(harness.transport.requests.count == sends)
        #expect(((try? outcome.get()) != nil) == succeeds)
        if case .failure(let error as JanuaryError) = outcome {
            #expect(error.mayHaveTakenEffect == (replay != .safe))
        }
    }

    @Test("a raw request nobody said is safe is onceOnly: not sent again after a 503, whatever its method")
    func theDefaultIsOnceOnly() async throws {
        let harness = try ScriptedClient([.error(503, code: "service_unavailable")])
        let request = JanuaryRequest(path: "/v1.2/foods")
        #expect(request.replay == .onceOnly)
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(request) }
        #expect(error?.mayHaveTakenEffect == true)
        #expect(harness.transport.requests.count == 1)
    }

    @Test("cancelling during a retry wait ends it at once with CancellationError")
    func cancellationDuringWait() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited", headers: ["Retry-After": "30"])])
        let task = Task { try await harness.client.send(Self.request(.get, .safe)) }
        try await harness.clock.waitForSleepers(1)
        task.cancel()
        let outcome = await task.result
        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
        #expect(harness.transport.requests.count == 1)
    }

    @Test("retryPolicy .none sends once")
    func noRetries() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited")]) { $0.retryPolicy = .none }
        await #expect(throws: JanuaryError.self) {
            try await harness.client.send(Self.request(.get, .safe))
        }
        #expect(harness.transport.requests.count == 1)
    }

    @Test("a never request, or one with a one-shot stream body, is never retried")
    func notReplayable() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited")])
        let request = Self.request(.get, .never)
        await #expect(throws: JanuaryError.self) {
            try await harness.client.send(request)
        }
        let stream = try ScriptedClient([.error(429, code: "rate_limited")])
        let streamed = JanuaryRequest(
            method: .post, path: "/v1.2/food-logs", body: .stream(InputStream(data: Data("{}".utf8))), replay: .safe)
        await #expect(throws: JanuaryError.self) {
            try await stream.client.send(streamed)
        }
        #expect(harness.transport.requests.count == 1)
        #expect(stream.transport.requests.count == 1)
    }

    @Test("each retry emits a credential-free event with its number, wait, status and code")
    func retryEvents() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited", headers: ["Retry-After": "2"])])
        let (outcome, _) = try await Self.send(harness, Self.request(.get, .safe), waits: 1)
        _ = try outcome.get()
        try await harness.events.waitForEvents(of: .retryScheduled)
        let event = try #require(harness.events.events(.retryScheduled).first)
        #expect(event.attempt == 1)
        #expect(event.retryAfter == 2)
        #expect(event.statusCode == 429)
        #expect(event.code == "rate_limited")
        #expect(!event.description.contains("ct-token"))
    }

    @Test("a 401 refresh-and-replay does not count against the retries")
    func replayDoesNotCount() async throws {
        let harness = try ScriptedClient([
            .error(429, code: "rate_limited", headers: ["Retry-After": "1"]),
            .error(401, code: "token_expired"),
            .error(429, code: "rate_limited", headers: ["Retry-After": "1"]),
        ])
        let (outcome, _) = try await Self.send(harness, Self.request(.get, .safe), waits: 2)
        _ = try outcome.get()
        #expect(harness.transport.requests.count == 4)
        #expect(harness.provider.callCount == 2)
    }

    @Test("retries never re-run the 401 replay: a second token_expired after a retry fails")
    func retriesDoNotReplayTwice() async throws {
        let harness = try ScriptedClient([
            .error(401, code: "token_expired"),
            .error(429, code: "rate_limited", headers: ["Retry-After": "1"]),
            .error(401, code: "token_expired"),
        ])
        let (outcome, _) = try await Self.send(harness, Self.request(.get, .safe), waits: 1)
        guard case .failure(let error as JanuaryError) = outcome else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(error.category == .authentication)
        #expect(error.code == "token_expired")
        #expect(harness.transport.requests.count == 3)
        #expect(harness.provider.callCount == 2)
    }

    @Test("a retry after sign-out is fenced: no new token, no second send, code signed_out")
    func retryAfterSignOutIsFenced() async throws {
        let harness = try ScriptedClient([.error(429, code: "rate_limited", headers: ["Retry-After": "5"])])
        let task = Task { try await harness.client.send(Self.request(.get, .safe)) }
        try await harness.clock.waitForSleepers(1)
        harness.client.signOut()
        harness.clock.advance(by: 5)
        let outcome = await task.result
        guard case .failure(let error as JanuaryError) = outcome else {
            Issue.record("expected a JanuaryError, got \(outcome)")
            return
        }
        #expect(error.category == .cancelled)
        #expect(error.code == "signed_out")
        #expect(harness.transport.requests.count == 1)
        #expect(harness.provider.callCount == 1)
    }
}
