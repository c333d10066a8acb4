import Foundation
import JanuaryAuthTesting
import JanuaryCore
import Testing

/// The refusal check every test target leans on must itself fail for each way a call can miss being refused
/// locally, or the tests that use it could pass without checking anything.
@Suite("requireRefusedLocally", suiteTimeLimit())
struct RequireRefusedLocallyTests {
    /// A call whose outcome is scripted, with a log of what it "sent".
    struct Miss: Sendable, CustomTestStringConvertible {
        let name: String
        /// Words the mismatch must contain.
        let problem: String
        let outcome: @Sendable () throws -> Void
        var sends = false

        var testDescription: String { name }
    }

    static let secret = "sk-live-do-not-echo"

    static func refusal(
        category: JanuaryError.Category = .invalidInput,
        code: JanuaryError.Code? = "invalid_request",
        message: String = "foods must not be empty.",
        statusCode: Int? = nil,
        requestID: String? = nil,
        mayHaveTakenEffect: Bool = false
    ) -> @Sendable () throws -> Void {
        {
            throw JanuaryError(
                category: category, code: code, message: message, statusCode: statusCode, requestID: requestID,
                mayHaveTakenEffect: mayHaveTakenEffect)
        }
    }

    static let misses: [Miss] = [
        Miss(name: "the call succeeds", problem: "succeeded", outcome: {}),
        Miss(name: "another error type", problem: "threw CancellationError", outcome: { throw CancellationError() }),
        Miss(name: "another category", problem: "category is network", outcome: refusal(category: .network)),
        Miss(name: "another code", problem: "code is x_y, not invalid_request", outcome: refusal(code: "x_y")),
        Miss(name: "no code", problem: "code is nil", outcome: refusal(code: nil)),
        Miss(name: "a status", problem: "status 400", outcome: refusal(statusCode: 400)),
        Miss(name: "a request ID", problem: "request ID req_1", outcome: refusal(requestID: "req_1")),
        Miss(name: "taken effect", problem: "may have taken effect", outcome: refusal(mayHaveTakenEffect: true)),
        Miss(name: "another field", problem: "does not name foods", outcome: refusal(message: "name is too long.")),
        Miss(
            name: "a secret echoed", problem: "echoes a secret",
            outcome: refusal(message: "foods: \(secret) is not allowed.")),
        Miss(name: "a request sent", problem: "sent while refusing: GET /v1.2/foods", outcome: refusal(), sends: true),
    ]

    @Test("each way of not being refused locally fails, saying which", arguments: misses)
    func miss(_ miss: Miss) async throws {
        let log = Locked(["POST /v1.2/water-logs"])
        do {
            try await requireRefusedLocally(naming: "foods", hiding: [Self.secret], outbound: log.withLock { $0 }) {
                if miss.sends {
                    log.withLock { $0.append("GET /v1.2/foods") }
                }
                try miss.outcome()
            }
            Issue.record("\(miss.name) passed the check")
        } catch let mismatch as RefusalMismatch {
            #expect(mismatch.description.contains(miss.problem), "\(mismatch)")
            #expect(mismatch.description.contains("RequireRefusedLocallyTests.swift:"), "\(mismatch)")
            #expect(!mismatch.description.contains(Self.secret), "the failure must not repeat the secret")
        }
    }

    @Test("a local refusal passes and is returned; what was sent before the call does not count")
    func refused() async throws {
        let log = Locked(["POST /v1.2/water-logs"])
        let error = try await requireRefusedLocally(
            code: "date_range_too_large", naming: "5 years", hiding: [Self.secret], outbound: log.withLock { $0 }
        ) {
            try Self.refusal(code: "date_range_too_large", message: "The range is longer than 5 years.")()
        }
        #expect(error.code == "date_range_too_large")
    }
}
