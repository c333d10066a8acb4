import Foundation
import JanuaryCore
import Testing

@testable import JanuaryTransport

/// A checked request stays checked when a credential is added: a header-safe one is added as it is, and any
/// other value is checked as the transport would check it, so nothing sends a request the check did not pass.
@Suite("A checked request with a credential", suiteTimeLimit())
struct CheckedHTTPRequestTests {
    static let request = HTTPTransportRequest(url: URL(string: "https://partners.january.ai/v1.2/foods")!)

    @Test func aHeaderSafeCredentialIsAdded() throws {
        let checked = try CheckedHTTPRequest(checking: Self.request)
        let authorized = try checked.authorized(bearer: "abc.DEF-123_~+/=")
        #expect(authorized.request.headerFields["Authorization"] == "Bearer abc.DEF-123_~+/=")
        #expect(checked.request.headerFields["Authorization"] == nil, "the original stays without it")
    }

    @Test(arguments: ["line\r\nX-Injected: 1", "nul\u{0}byte", "bell\u{7}"])
    func aCredentialThatBreaksTheMessageIsRefused(_ credential: String) throws {
        let checked = try CheckedHTTPRequest(checking: Self.request)
        #expect(throws: JanuaryError.self) { try checked.authorized(bearer: credential) }
    }
}
