import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// A development-key client talking to a loopback server that answers each log route with a minimal valid
/// response, so that a test sees exactly what the client sent and what it made of the answer.
struct LogsServer {
    /// 2026-03-11T06:30:00Z: 23:30 on March 10 in Los Angeles, already March 11 in UTC.
    static let now = Date(timeIntervalSince1970: 1_773_210_600)

    let server: LoopbackHTTPServer
    let client: JanuaryPartnerClient

    init(now: Date = LogsServer.now) throws {
        let server = try LoopbackHTTPServer(handler: { request in LogsServer.answer(request) })
        var configuration = JanuaryPartnerClient.Configuration(baseURL: server.baseURL)
        configuration.clock = ManualClock(now: now)
        self.server = server
        self.client = try JanuaryPartnerClient(developmentAPIKey: "sk-test", configuration: configuration)
    }

    func user(_ rawID: String = "user-42", timeZone: String = "America/Los_Angeles") -> JanuaryUserClient {
        client.forUser(PartnerUserID(rawValue: rawID), timeZone: TimeZone(identifier: timeZone)!)
    }

    /// What the server has received so far, for `requireRefusedLocally(outbound:)`.
    var outbound: [String] {
        server.receivedRequests.map { "\($0.method) \($0.path)" }
    }

    /// The one request the server received.
    func onlyRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let requests = server.receivedRequests
        #expect(requests.count == 1, sourceLocation: sourceLocation)
        return try #require(requests.first, sourceLocation: sourceLocation)
    }

    /// The one call's request: the last the server received, after at most one listing of a UTC day that an
    /// undated create makes first to learn January's clock.
    func callRequest(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordedRequest {
        let requests = server.receivedRequests
        #expect(requests.count == 1 || requests.count == 2, sourceLocation: sourceLocation)
        if requests.count == 2 {
            #expect(requests[0].method == "GET", sourceLocation: sourceLocation)
            #expect(requests[0].queryPairs["timezone"] == "UTC", sourceLocation: sourceLocation)
        }
        return try #require(requests.last, sourceLocation: sourceLocation)
    }

    static let foodLogJSON = """
        {"id":"3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b","foods":[],"eaten_at":"2026-03-11T06:30:00.000Z","name":null}
        """

    static let summaryJSON = """
        {"group_by":"day","week_start":null,"timezone":"America/Los_Angeles","start_date":"2026-03-01",
         "end_date":"2026-03-01","buckets":[],"totals":{"logs_count":0,"days_with_logs":0,"nutrients":{}},
         "average_per_logged_day":{"nutrients":{}}}
        """

    static let waterLogJSON = """
        {"id":"5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c","amount":{"value":250,"unit":"ml"},
         "consumed_at":"2026-03-11T06:30:00.000Z"}
        """

    static let weightLogJSON = """
        {"weight":{"value":72.4,"unit":"kg"},"measured_at":"2026-03-11T06:30:00.000Z"}
        """

    private static func answer(_ request: RecordedRequest) -> ScriptedResponse {
        switch (request.method, request.path) {
        case ("POST", "/v1.2/food-logs"):
            return .json(foodLogJSON, status: 201)
        case ("GET", "/v1.2/food-logs"), ("GET", "/v1.2/water-logs"), ("GET", "/v1.2/weight-logs"):
            return .json(#"{"items":[]}"#)
        case ("GET", "/v1.2/food-logs/summary"):
            return .json(summaryJSON)
        case ("GET", let path) where path.hasPrefix("/v1.2/food-logs/"):
            return .json(foodLogJSON)
        case ("PATCH", let path) where path.hasPrefix("/v1.2/food-logs/"):
            return .json(foodLogJSON)
        case ("DELETE", _):
            return ScriptedResponse(status: 204)
        case ("POST", "/v1.2/water-logs"):
            return .json(waterLogJSON, status: 201)
        case ("POST", "/v1.2/weight-logs"):
            return .json(weightLogJSON, status: 201)
        default:
            return .json(#"{"code":"not_found","message":"No such route in the test server."}"#, status: 404)
        }
    }
}

extension RecordedRequest {
    /// The query as name-value pairs, decoded, in order.
    var queryPairs: [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = query
        var pairs: [String: String] = [:]
        for item in components.queryItems ?? [] {
            pairs[item.name] = item.value
        }
        return pairs
    }

    /// The body as a JSON object.
    func jsonBody(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: body) as? [String: Any],
            sourceLocation: sourceLocation
        )
    }

    /// Whether some header field carries exactly this value; the test does not depend on the header's name,
    /// which the client owns.
    func hasHeaderValue(_ value: String) -> Bool {
        headerFields.contains { $0.value == value }
    }
}

/// A client whose base URL has nothing listening (port 9, discard): had a request been sent, the error would be
/// a network failure, not `invalidInput`, so `requireRefusedLocally` needs no `outbound` to know nothing was sent.
func offlineClient() throws -> JanuaryPartnerClient {
    try JanuaryPartnerClient(
        developmentAPIKey: "sk-test",
        configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!)
    )
}

/// Builds a date from its UTC ISO 8601 spelling, for fixtures.
func utc(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) {
        return date
    }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
}

/// A day known to be valid, for fixtures.
func day(_ text: String) -> JanuaryDate {
    try! JanuaryDate(text)
}
