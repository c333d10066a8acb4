import Foundation
import JanuaryCore
import Testing

@testable import JanuaryTransport

/// A checked request stays checked when a credential is added: a header-safe one is added as it is, and any
/// other value is checked as the transport would check it, so nothing sends a request the check did not pass.
@Suite("A checked request with a credential", suiteTimeLimit())
struct CheckedHTTPRequestTests {
    static let request = JanuaryHTTPRequest(url: URL(string: "https://partners.january.ai/v1.2/foods")!)

    @Test func aHeaderSafeCredentialIsAdded() throws {
        let checked = try CheckedHTTPRequest(checking: Self.request, replay: .safe)
        let authorized = try checked.authorized(bearer: "abc.DEF-123_~+/=")
        #expect(authorized.request.headerFields["Authorization"] == "Bearer abc.DEF-123_~+/=")
        #expect(checked.request.headerFields["Authorization"] == nil, "the original stays without it")
    }

    @Test(arguments: ["line\r\nX-Injected: 1", "nul\u{0}byte", "bell\u{7}"])
    func aCredentialThatBreaksTheMessageIsRefused(_ credential: String) throws {
        let checked = try CheckedHTTPRequest(checking: Self.request, replay: .safe)
        #expect(throws: JanuaryError.self) { try checked.authorized(bearer: credential) }
    }

    /// The replay class is the one its maker stated, whatever the method: a `GET` may be `onceOnly` and a `POST`
    /// `safe`. A credential changes nothing.
    @Test(
        arguments: [
            (JanuaryHTTPMethod.get, JanuaryReplayClass.onceOnly),
            (.delete, .never),
            (.post, .safe),
            (.patch, .onceOnly),
        ] as [(JanuaryHTTPMethod, JanuaryReplayClass)]
    )
    func theReplayClassIsTheStatedOne(method: JanuaryHTTPMethod, replay: JanuaryReplayClass) throws {
        let body: JanuaryHTTPRequest.Body = method == .get ? .empty : .data(Data("{}".utf8))
        let request = JanuaryHTTPRequest(method: method, url: Self.request.url, body: body)
        let checked = try CheckedHTTPRequest(checking: request, replay: replay)
        #expect(checked.replay == replay)
        #expect(try checked.authorized(bearer: "token").replay == replay, "a credential changes nothing")
    }
}
