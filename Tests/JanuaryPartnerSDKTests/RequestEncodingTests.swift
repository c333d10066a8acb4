import Foundation
import JanuaryPartnerSDK
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Request bodies, response decoding and configuration")
struct RequestEncodingTests {
    struct Meal: Codable, Equatable {
        let name: String
        let eatenAt: Date
    }

    @Test("a JSON body is sent with ISO 8601 dates and application/json")
    func jsonBodyIsEncoded() async throws {
        let harness = try Harness()
        let meal = Meal(name: "Soup", eatenAt: Date(timeIntervalSince1970: 1_800_000_000))
        _ = try await harness.client.send(JanuaryRequest(method: .post, path: "/v1/meals", body: try .json(meal)))
        let request = try #require(harness.server.receivedRequests.first)
        #expect(request.value(forHeader: "Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self).contains("2027-01-15T08:00:00Z"))
    }

    @Test("a value that cannot be encoded is refused as invalid input")
    func unencodableBodyIsRefused() {
        struct Unencodable: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        let error = #expect(throws: JanuaryError.self) { try JanuaryRequest.Body.json(Unencodable()) }
        #expect(error?.category == .invalidInput)
        #expect(error?.underlyingError is EncodingError)
    }

    @Test(
        "ISO 8601 dates decode with and without fractional seconds",
        arguments: ["2027-01-15T08:00:00Z", "2027-01-15T08:00:00.000Z", "2027-01-15T09:00:00+01:00"]
    )
    func datesDecode(text: String) async throws {
        let harness = try Harness()
        harness.server.enqueue(.json(#"{"name":"Soup","eatenAt":"\#(text)"}"#))
        let meal = try await harness.client.send(JanuaryRequest(path: "/v1/meals/1"), decoding: Meal.self)
        #expect(meal == Meal(name: "Soup", eatenAt: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    @Test("a date that is not ISO 8601 fails with decoding")
    func badDateFailsWithDecoding() async throws {
        let harness = try Harness()
        harness.server.enqueue(
            .json(
                #"{"name":"Soup","eatenAt":"yesterday"}"#,
                headerFields: [HeaderField(name: "X-January-API-Request-ID", value: "req_dec_1")]
            )
        )
        let error = await #expect(throws: JanuaryError.self) {
            try await harness.client.send(JanuaryRequest(path: "/v1/meals/1"), decoding: Meal.self)
        }
        #expect(error?.category == .decoding)
        #expect(error?.requestID == "req_dec_1")
        #expect(error?.statusCode == 200)
    }

    @Test("response header fields are read case-insensitively and repeated ones joined")
    func responseHeaders() async throws {
        let harness = try Harness()
        harness.server.enqueue(
            .json(
                "{}",
                headerFields: [
                    HeaderField(name: "X-January-API-Request-ID", value: "req_h_1"),
                    HeaderField(name: "X-Thing", value: "a"), HeaderField(name: "X-Thing", value: "b"),
                ]
            )
        )
        let response = try await harness.client.send(.ping)
        #expect(response.requestID == "req_h_1")
        #expect(response.value(forHTTPHeaderField: "x-thing") == "a, b")
        #expect(response.value(forHTTPHeaderField: "X-Missing") == nil)
        #expect(response.body == Data("{}".utf8))
    }

    @Test("a one-shot stream body carries its content type and cannot be sent twice")
    func streamBodyIsOneShot() async throws {
        let harness = try Harness()
        let request = JanuaryRequest(
            method: .put,
            path: "/v1/uploads/1",
            body: .stream(InputStream(data: Data("abc".utf8)), contentType: "text/plain")
        )
        _ = try await harness.client.send(request)
        let received = try #require(harness.server.receivedRequests.first)
        #expect(received.method == "PUT")
        #expect(received.body == Data("abc".utf8))
        #expect(received.value(forHeader: "Content-Type") == "text/plain")
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(request) }
        #expect(error?.category == .invalidInput)
        #expect(error?.message.contains("already sent") == true)
        #expect(harness.server.receivedRequests.count == 1)
    }

    @Test(
        "methods are upper-cased and printable",
        arguments: [("get", "GET"), ("Patch", "PATCH"), ("OPTIONS", "OPTIONS")])
    func methods(raw: String, expected: String) {
        let method = JanuaryRequest.Method(rawValue: raw)
        #expect(method.rawValue == expected)
        #expect(method.description == expected)
        #expect(JanuaryRequest.Method.delete.rawValue == "DELETE")
    }

    @Test(
        "nonsensical durations are refused when the client is created",
        arguments: [(-1.0, 30.0, 60.0), (60, 0, 60), (60, 30, -5)]
    )
    func invalidDurationsAreRefused(leeway: TimeInterval, providerTimeout: TimeInterval, requestTimeout: TimeInterval) {
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.refreshLeeway = leeway
        configuration.tokenProviderTimeout = providerTimeout
        configuration.requestTimeout = requestTimeout
        let error = #expect(throws: JanuaryError.self) {
            try JanuaryPartnerClient(clientTokenProvider: { fatalError("never called") }, configuration: configuration)
        }
        #expect(error?.category == .invalidInput)
    }

    @Test("the URLSession configuration is copied in and out")
    func sessionConfigurationIsCopied() async throws {
        let harness = try Harness()
        var configuration = JanuaryPartnerClient.Configuration(baseURL: harness.simulator.baseURL)
        let custom = URLSessionConfiguration.ephemeral
        custom.httpAdditionalHeaders = ["X-Custom": "1"]
        configuration.urlSessionConfiguration = custom
        custom.httpAdditionalHeaders = ["X-Custom": "changed later"]
        #expect(configuration.urlSessionConfiguration.httpAdditionalHeaders?["X-Custom"] as? String == "1")
        #expect(configuration.urlSessionConfiguration !== configuration.urlSessionConfiguration)
        let key = "jan_dev_session"
        harness.simulator.registerDevelopmentKey(key)
        let client = try JanuaryPartnerClient(developmentAPIKey: key, configuration: configuration)
        _ = try await client.send(.ping)
        #expect(harness.server.receivedRequests.last?.value(forHeader: "X-Custom") == "1")
    }
}
