import Foundation
import Testing

@testable import JanuaryPartnerSDK

/// `JanuaryError.supportSummary`: the facts a support request needs, and nothing a support ticket must not hold.
@Suite("The support summary", suiteTimeLimit())
struct SupportSummaryTests {
    static let token = "ct-SECRETSECRETSECRET0123456789"

    @Test func itHoldsTheFactsSupportNeeds() {
        let error = JanuaryError(
            category: .rateLimited, code: "rate_limited", message: "Slow down.", statusCode: 429,
            requestID: "req_abc123")
        let lines = error.supportSummary.components(separatedBy: "\n")
        #expect(lines.first == "January Partner SDK \(JanuaryPartnerClient.sdkVersion)")
        #expect(lines.contains("Category: rateLimited"))
        #expect(lines.contains("Code: rate_limited"))
        #expect(lines.contains("HTTP status: 429"))
        #expect(lines.contains("Request ID: req_abc123"))
        #expect(lines[1].hasPrefix("OS: "))
        #expect(!lines.contains { $0.hasPrefix("May have taken effect") })
    }

    @Test func anAnswerlessWriteSaysSo() {
        let error = JanuaryError(category: .timeout, code: "request_timeout", message: "Timed out.")
            .withOutcomeUnknown(note: "Check first.")
        let summary = error.supportSummary
        #expect(summary.contains("HTTP status: none (no answer from January)"))
        #expect(summary.contains("Request ID: none"))
        #expect(summary.contains("May have taken effect: yes"))
    }

    /// The message and the underlying error may quote a token or the app's input; neither is in the summary.
    @Test func itNeverHoldsTheMessageOrTheUnderlyingError() {
        let error = JanuaryError(
            category: .tokenProvider, code: "partner_backend_failed", message: "Backend said \(Self.token)",
            underlyingError: URLError(.badServerResponse, userInfo: ["token": Self.token]))
        #expect(!error.supportSummary.contains(Self.token))
        #expect(!error.supportSummary.contains("Backend said"))
    }

    /// The OS string comes from the platform; it is kept to one line of at most 120 characters.
    @Test func theOperatingSystemIsOneShortLine() {
        let summary = JanuaryError.supportSummary(
            sdkVersion: "9.9.9", operatingSystem: "Evil\nCategory: forged" + String(repeating: "x", count: 500),
            category: "network", code: nil, statusCode: nil, requestID: nil, mayHaveTakenEffect: false)
        let lines = summary.components(separatedBy: "\n")
        #expect(lines.count == 6)
        #expect(lines[1].count == "OS: ".count + 120)
        #expect(lines.filter { $0.hasPrefix("Category: ") } == ["Category: network"])
    }
}
