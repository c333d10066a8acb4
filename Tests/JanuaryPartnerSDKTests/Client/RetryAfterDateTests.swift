import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// A `Retry-After` HTTP-date is January's time; it is measured against the same response's `Date`, so that a
/// device clock minutes off neither gives up at once nor retries at once.
@Suite("A Retry-After date", suiteTimeLimit())
struct RetryAfterDateTests {
    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test("is measured against the response's Date, whatever the device's clock says", arguments: [600.0, -600.0])
    func measuredAgainstTheResponsesDate(deviceOffset: TimeInterval) async throws {
        let harness = try ScriptedClient { $0.retryPolicy = .none }
        let january = harness.clock.now()
        harness.clock.adjustWallClock(by: deviceOffset)
        harness.enqueue(
            .error(
                429,
                code: "rate_limited",
                headers: ["Date": Self.httpDate(january), "Retry-After": Self.httpDate(january + 5)]
            )
        )
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.retryAfter == 5)
    }

    @Test("without a Date, is measured against the device's clock")
    func withoutADate() async throws {
        let harness = try ScriptedClient { $0.retryPolicy = .none }
        harness.enqueue(
            .error(429, code: "rate_limited", headers: ["Retry-After": Self.httpDate(harness.clock.now() + 7)])
        )
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.retryAfter == 7)
    }
}
