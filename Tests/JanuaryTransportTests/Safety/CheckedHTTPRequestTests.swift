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

    /// The replay class is decided once, when the request is checked, from what its maker said and its body.
    @Test(
        arguments: [
            (JanuaryHTTPMethod.get, nil, true, false, ReplayClass.safe),
            (.delete, nil, true, false, .safe),
            (.post, nil, true, false, .onceOnly),
            (.post, true, true, false, .safe),
            (.get, false, true, false, .onceOnly),
            (.post, true, false, false, .never),
            (.post, true, true, true, .never),
        ] as [(JanuaryHTTPMethod, Bool?, Bool, Bool, ReplayClass)]
    )
    func theReplayClassIsDecidedOnce(
        method: JanuaryHTTPMethod,
        isIdempotent: Bool?,
        allowsReplay: Bool,
        oneShotBody: Bool,
        expected: ReplayClass
    ) throws {
        let body: JanuaryHTTPRequest.Body =
            oneShotBody ? .stream(handingOver: InputStream(data: Data("{}".utf8))) : .data(Data("{}".utf8))
        let request = JanuaryHTTPRequest(
            method: method, url: Self.request.url, body: method == .get ? .empty : body, allowsReplay: allowsReplay)
        let checked = try CheckedHTTPRequest(checking: request, isIdempotent: isIdempotent)
        #expect(checked.replay == expected)
        #expect(try checked.authorized(bearer: "token").replay == expected, "a credential changes nothing")
    }
}
