import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// What the end-to-end suites share: fixed instants and days around the harness's manual clock, a development-key
/// client on the harness's simulator, expectations about errors and about what reached the simulator, and the rows
/// of the suites' tables of local refusals.
///
/// The harness's clock starts at 2026-01-01T00:00:00Z, which is 2025-12-31 16:00 in Los Angeles, so the suites
/// log on the last days of 2025 (local) and everything they log is in the past.
enum EndToEnd {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    /// The key the development-key client sends; registered on the simulator by ``developmentClient(on:)``.
    static let developmentKey = "sk-e2e-development-key"

    /// An instant from ISO 8601 text with an offset, such as `2025-12-30T23:30:00-08:00`.
    static func instant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Date {
        try #require(
            try? Date.ISO8601FormatStyle().parse(text), "not an ISO 8601 instant: \(text)",
            sourceLocation: sourceLocation)
    }

    /// A calendar day from `yyyy-MM-dd`.
    static func day(_ text: String) throws -> JanuaryDate {
        try JanuaryDate(text)
    }

    /// A client on the harness's simulator and clock that authenticates with a development key, which the
    /// simulator accepts from now on.
    static func developmentClient(on harness: ClientHarness) throws -> JanuaryPartnerClient {
        harness.simulator.registerDevelopmentKey(developmentKey)
        var configuration = JanuaryPartnerClient.Configuration(baseURL: harness.simulator.baseURL)
        configuration.clock = harness.clock
        return try JanuaryPartnerClient(developmentAPIKey: developmentKey, configuration: configuration)
    }

    /// The user client for ``ClientHarness/endUserID`` in Los Angeles on a development-key client.
    static func developmentUser(on harness: ClientHarness) throws -> JanuaryUserClient {
        try developmentClient(on: harness).forUser(
            PartnerUserID(rawValue: ClientHarness.endUserID), timeZone: losAngeles)
    }

    /// Runs `body`, expects it to throw a `JanuaryError`, checks its category, code and status, and returns it.
    @discardableResult
    static func expectError(
        _ category: JanuaryError.Category,
        code: String?,
        status: Int?,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async -> JanuaryError? {
        do {
            try await body()
            Issue.record("expected a \(category) error, but the call succeeded", sourceLocation: sourceLocation)
            return nil
        } catch let error as JanuaryError {
            #expect(error.category == category, "\(error)", sourceLocation: sourceLocation)
            #expect(error.code?.rawValue == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.statusCode == status, "\(error)", sourceLocation: sourceLocation)
            if status != nil {
                #expect(error.requestID?.hasPrefix("req_") == true, sourceLocation: sourceLocation)
            }
            return error
        } catch {
            Issue.record("expected JanuaryError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// A call that the client must refuse before fetching a token or sending a byte: a row of a suite's table of
    /// refusals, run on a fresh harness by ``check(on:)``.
    struct Refusal<Caller>: Sendable, CustomTestStringConvertible {
        let name: String
        let code: String
        let field: String
        let call: @Sendable (Caller) async throws -> Void

        init(
            _ name: String, code: String = "invalid_request", naming field: String,
            _ call: @escaping @Sendable (Caller) async throws -> Void
        ) {
            self.name = name
            self.code = code
            self.field = field
            self.call = call
        }

        var testDescription: String { name }

        /// Makes the call on what `caller` picks from a new harness (its client or its user) and requires it to be
        /// refused locally: nothing reaches the simulator or the server, and the provider is never asked.
        func check(on caller: (ClientHarness) -> Caller) async throws {
            let harness = try ClientHarness()
            let target = caller(harness)
            try await requireRefusedLocally(code: code, naming: field, outbound: harness.outbound) {
                try await call(target)
            }
        }
    }

    /// Compares two numbers that went through JSON and January's rounding to 0.01.
    static func close(_ lhs: Double?, _ rhs: Double, tolerance: Double = 0.0051) -> Bool {
        guard let lhs else {
            return false
        }
        return abs(lhs - rhs) <= tolerance
    }
}

extension ClientHarness {
    /// The simulator's log entries for one operation, such as `createFoodLog`.
    func entries(_ operation: String) -> [JanuaryAPISimulator.RequestLogEntry] {
        simulator.requestLog.filter { $0.operation == operation }
    }
}

extension JanuaryAPISimulator.RequestLogEntry {
    /// The value of one query parameter as the simulator received it.
    func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
