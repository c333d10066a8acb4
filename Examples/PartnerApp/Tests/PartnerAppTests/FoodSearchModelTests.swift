import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import PartnerApp
import Testing

/// The app's search screen against a scripted January: no server, no network.
@Suite("Food search screen", suiteTimeLimit())
struct FoodSearchModelTests {
    static let banana = """
        {"items":[{"id":"1001","type":"generic","name":"banana","brand_name":null,
          "nutrients":{"calories":{"value":105,"unit":"kcal"}},"glycemic_index":51,"glycemic_load":12,
          "image_url":null,"barcode":null,
          "servings":[{"id":"2001","quantity":1,"unit":"medium","scaling_factor":1,"weight_grams":118,
            "is_primary":true}]}]}
        """

    private static func client(_ transport: ClosureTransport) throws -> JanuaryPartnerClient {
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.transport = transport
        return try JanuaryPartnerClient(
            clientTokenProvider: { JanuaryClientToken(value: "ct-test", expiresIn: 3_600) },
            configuration: configuration
        )
    }

    @Test("rows show the name and one serving's calories")
    func rows() async throws {
        let transport = ClosureTransport { _ in
            JanuaryHTTPResponse(statusCode: 200, body: Data(Self.banana.utf8))
        }
        let rows = try await FoodSearchModel(january: Self.client(transport)).rows(for: "banana")
        #expect(rows == ["banana — 1 medium, 105 kcal"])
        let request = try #require(transport.requests.first)
        #expect(request.url.path == "/v1.2/foods")
        #expect(request.url.query?.contains("query=banana") == true)
    }

    @Test("January's errors reach the screen with their code")
    func errors() async throws {
        let transport = ClosureTransport { _ in
            JanuaryHTTPResponse(
                statusCode: 403,
                headerFields: ["x-request-id": "req_1"],
                body: Data(#"{"code":"scope_insufficient","message":"Token lacks foods:read."}"#.utf8)
            )
        }
        let error = await #expect(throws: JanuaryError.self) {
            try await FoodSearchModel(january: Self.client(transport)).rows(for: "banana")
        }
        #expect(error?.category == .authorization)
        #expect(error?.code == .scopeInsufficient)
        #expect(error?.requestID == "req_1")
    }

    @Test("leaving the screen cancels the search with CancellationError, as SwiftUI's .task expects")
    func cancellation() async throws {
        let transport = ClosureTransport { _ in
            try await Task.sleep(nanoseconds: 60_000_000_000)
            return JanuaryHTTPResponse(statusCode: 200)
        }
        let model = FoodSearchModel(january: try Self.client(transport))
        let search = Task { try await model.rows(for: "banana") }
        let deadline = Date().addingTimeInterval(10)
        while transport.requests.isEmpty {
            try #require(Date() < deadline, "the search never reached the transport")
            await Task.yield()
        }
        search.cancel()
        let outcome = await search.result
        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
    }
}
