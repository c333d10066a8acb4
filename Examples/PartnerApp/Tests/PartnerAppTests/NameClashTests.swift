import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import NetworkingNeighbour
import Testing

/// A file of a partner's app that imports the SDK beside another networking library declaring `HTTPMethod` and
/// `HTTPHeaderFields`: the unqualified names are the neighbour's, and the SDK's transport types are used by their
/// January names. The package has `MemberImportVisibility` on, so the members used here (`.get`, `headerFields`)
/// must come with `import JanuaryPartnerSDK` alone. Compiling this file is most of the test.
@Suite("The SDK beside another networking library", suiteTimeLimit())
struct NameClashTests {
    @Test("HTTPMethod and HTTPHeaderFields unqualified are the neighbour's")
    func unqualifiedNamesAreTheNeighbours() {
        let method: HTTPMethod = .get
        let headers = HTTPHeaderFields(["Accept": "application/json"])
        #expect(method.rawValue == "GET")
        #expect(headers.fields["Accept"] == "application/json")
    }

    @Test("a test transport reads the SDK's request through its January names")
    func theSDKsTypesByTheirJanuaryNames() async throws {
        let transport = ClosureTransport { (request: JanuaryHTTPRequest) -> JanuaryHTTPResponse in
            let fields: JanuaryHTTPHeaderFields = ["x-request-id": "req_neighbour"]
            let status = request.method == .get && request.headerFields["Authorization"] != nil ? 200 : 400
            return JanuaryHTTPResponse(statusCode: status, headerFields: fields, body: Data("{}".utf8))
        }
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.transport = transport
        let january = try JanuaryPartnerClient(
            clientTokenProvider: { JanuaryClientToken(value: "ct-test", expiresIn: 3_600) },
            configuration: configuration
        )
        let response = try await january.send(JanuaryRequest(method: .get, path: "/v1.2/foods/autocomplete"))
        #expect(response.statusCode == 200)
        #expect(response.requestID == "req_neighbour")
        let sent: JanuaryHTTPMethod? = transport.requests.first?.method
        #expect(sent == JanuaryRequest.Method.get)
    }
}
