import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// The escape hatch for calls the typed resources do not cover: decoding, no content, and the response beside
/// the value.
@Suite("send variants", suiteTimeLimit())
struct SendVariantsTests {
    @Test("a 204 or an empty body is not an error for sendExpectingNoContent, and send(decoding:) says why it fails")
    func noContent() async throws {
        let harness = try ClientHarness()
        let create = JanuaryRequest(
            method: .post,
            path: "/v1.2/water-logs",
            body: .data(Data(#"{"amount":{"value":250,"unit":"ml"}}"#.utf8), contentType: "application/json"),
            partnerUserID: PartnerUserID(rawValue: ClientHarness.endUserID)
        )
        struct Created: Decodable { let id: String }
        let created = try await harness.client.send(create, decoding: Created.self)
        let delete = JanuaryRequest(
            method: .delete,
            path: "/v1.2/water-logs/\(created.id)",
            partnerUserID: PartnerUserID(rawValue: ClientHarness.endUserID)
        )
        try await harness.client.sendExpectingNoContent(delete)
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(delete, decoding: Created.self)
        }
        #expect(error?.category == .decoding)
        #expect(error?.statusCode == 204)
        #expect(error?.message.contains("sendExpectingNoContent") == true)
    }

    @Test("a partner's own decoder is used when given")
    func customDecoder() async throws {
        let harness = try ClientHarness()
        struct Item: Decodable { let brandName: String? }
        struct Items: Decodable { let items: [Item] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let request = JanuaryRequest(path: "/v1.2/foods", queryItems: [URLQueryItem(name: "query", value: "cola")])
        let items = try await harness.client.send(request, decoding: Items.self, decoder: decoder)
        #expect(items.items.contains { $0.brandName == "Fizzco" })
    }

    @Test("sendWithResponse returns the value with the status, headers and request ID")
    func valueWithResponse() async throws {
        let harness = try ClientHarness()
        let request = JanuaryRequest(
            method: .post,
            path: "/v1.2/food-logs",
            body: .data(
                Data(#"{"foods":[{"food_id":"1001","serving_id":"5001","quantity":1}]}"#.utf8),
                contentType: "application/json"
            ),
            partnerUserID: PartnerUserID(rawValue: ClientHarness.endUserID)
        )
        struct Log: Decodable { let id: String }
        let created = try await harness.client.sendWithResponse(request, decoding: Log.self)
        #expect(created.response.statusCode == 201)
        #expect(created.response.value(forHTTPHeaderField: "location") == "/v1.2/food-logs/\(created.value.id)")
        #expect(created.response.requestID?.hasPrefix("req_") == true)
    }
}
