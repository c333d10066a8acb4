import Foundation
import JanuaryPartnerSDK
import PartnerApp
import Testing

/// The SDK's values a partner builds in their own tests: events for their metrics, responses for their own
/// abstractions, errors for their error screens.
@Suite("Building the SDK's values in a partner's tests", suiteTimeLimit())
struct SeamTests {
    @Test("the app's metrics count provider calls and retries from events the test makes")
    func metricsFromEvents() {
        let metrics = TokenMetrics()
        let now = Date()
        metrics.record(JanuaryEvent(kind: .providerCallStarted, date: now, attempt: 1))
        metrics.record(JanuaryEvent(kind: .providerCallFinished, date: now, attempt: 1, outcome: nil))
        metrics.record(
            JanuaryEvent(kind: .providerCallFinished, date: now, attempt: 2, outcome: .tokenProvider)
        )
        metrics.record(
            JanuaryEvent(kind: .retryScheduled, date: now, attempt: 1, retryAfter: 1, statusCode: 429)
        )
        #expect(metrics.providerCalls == (2, 1))
        #expect(metrics.retries == 1)
    }

    @Test("a response made in a test reads like one from January")
    func response() {
        let response = JanuaryResponse(
            statusCode: 201,
            body: Data("{}".utf8),
            headerFields: ["Location": "/v1.2/food-logs/1", "x-request-id": "req_9"]
        )
        #expect(response.requestID == "req_9")
        #expect(response.value(forHTTPHeaderField: "location") == "/v1.2/food-logs/1")
    }

    @Test("an error made in a test carries what the app's error screen reads")
    func error() {
        let error = JanuaryError(
            category: .rateLimited,
            code: "rate_limited",
            message: "Slow down.",
            statusCode: 429,
            retryAfter: 30
        )
        #expect(error.retryAfter == 30)
        #expect(error.localizedDescription.contains("rate_limited"))
    }
}
