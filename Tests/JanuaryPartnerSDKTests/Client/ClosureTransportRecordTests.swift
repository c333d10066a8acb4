import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// A long soak in a partner's suite must not grow the transport's record without bound.
@Suite("ClosureTransport's record", suiteTimeLimit())
struct ClosureTransportRecordTests {
    private static func request(_ number: Int) -> JanuaryHTTPRequest {
        JanuaryHTTPRequest(method: .get, url: URL(string: "https://partners.january.test/v1.2/foods/\(number)")!)
    }

    @Test("keeps the most recent 1,000 requests by default")
    func defaultLimit() async throws {
        let transport = ClosureTransport { _ in JanuaryHTTPResponse(statusCode: 200) }
        for number in 1...1_500 {
            _ = try await transport.send(Self.request(number))
        }
        #expect(transport.requests.count == 1_000)
        #expect(transport.requests.first?.url.lastPathComponent == "501")
        #expect(transport.requests.last?.url.lastPathComponent == "1500")
    }
}

extension ClosureTransportRecordTests {
    @Test("keeps as many as set, forgetting the older ones at once when lowered")
    func settableLimit() async throws {
        let transport = ClosureTransport { _ in JanuaryHTTPResponse(statusCode: 200) }
        #expect(transport.recordLimit == ClosureTransport.defaultRecordLimit)
        transport.recordLimit = 10
        for number in 1...25 {
            _ = try await transport.send(Self.request(number))
        }
        #expect(transport.requests.map(\.url.lastPathComponent) == (16...25).map(String.init))
        transport.recordLimit = 3
        #expect(transport.requests.map(\.url.lastPathComponent) == ["23", "24", "25"])
        transport.recordLimit = 0
        _ = try await transport.send(Self.request(26))
        #expect(transport.requests.isEmpty)
    }
}
