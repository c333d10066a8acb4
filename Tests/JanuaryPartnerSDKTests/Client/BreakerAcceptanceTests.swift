import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// Only a response that proves January authenticated the current token ends a streak of rejected tokens: a rate
/// limit or a server error says nothing about the token, so a storm of rejections interleaved with them must
/// still open the breaker.
@Suite("The breaker through the client", suiteTimeLimit())
struct BreakerAcceptanceTests {
    static let rejected = ScriptedClient.Answer.error(
        401,
        code: "token_expired",
        headers: ["WWW-Authenticate": #"Bearer error="invalid_token", error_description="token expired""#]
    )

    @Test(
        "rejections interleaved with 429, 503, 408 and 401s of another kind open the breaker after three tokens",
        arguments: [429, 503, 408, 500])
    func interleavedFailuresDoNotResetTheStreak(status: Int) async throws {
        let answers = (0..<10).flatMap { _ in [Self.rejected, .error(status, code: "scripted_\(status)")] }
        let harness = try ScriptedClient(answers) { $0.retryPolicy = .none }
        var codes: [String?] = []
        for _ in 0..<10 {
            do {
                _ = try await harness.client.send(.autocomplete)
            } catch let error as JanuaryError {
                codes.append(error.code?.rawValue)
            }
        }
        #expect(harness.provider.callCount == 3, "one provider call per rejected generation, up to the threshold")
        #expect(codes.suffix(7).allSatisfy { $0 == "token_rejected_repeatedly" }, "\(codes)")
    }

    @Test("a 2xx or a 4xx other than 401, 407, 408 and 429 ends the streak", arguments: [200, 400, 404, 403])
    func acceptanceEndsTheStreak(status: Int) async throws {
        let answer: ScriptedClient.Answer = status == 200 ? .ok() : .error(status, code: "scripted_\(status)")
        let answers = (0..<10).flatMap { _ in [Self.rejected, answer] }
        let harness = try ScriptedClient(answers) { $0.retryPolicy = .none }
        for _ in 0..<10 {
            _ = try? await harness.client.send(.autocomplete)
        }
        #expect(harness.provider.callCount == 11, "each rejection was of a token January had not accepted since")
    }
}
