import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// The server-only guard (token issuance and revocation, credits) judges the path a server would route, so no
/// spelling of those endpoints, and no path a server or proxy could read another way, reaches the wire.
@Suite("Paths that could reach a server-only endpoint", suiteTimeLimit())
struct ServerOnlyPathTests {
    static let refused = [
        "/v1.2/auth%2Fclient-tokens", "/v1.2/auth%2fclient-tokens", "/v1.2;x/credits", "/v1.2/credits;x",
        "/v1.2/credits%00", "/v1.2/foods/..%2Fcredits", "/v1.2/foods/%2E%2E/credits", "/v1.2/foods/%2e",
        "/v1.2/auth%5Cclient-tokens", "/v1.2/foods%3B/x", "/v1.2/foods/a%0Ab", "/v1.2/foods/a%7Fb",
        "/v1.2/foods/a%2Fb", "/V1.2/CREDITS", "/v1.2/Auth/client-tokens",
    ]

    /// The spellings that are a server-only endpoint once a server folds their case; the others are malformed.
    static let serverOnly: Set = ["/V1.2/CREDITS", "/v1.2/Auth/client-tokens"]

    @Test("is refused before a token is fetched or a byte sent", arguments: refused)
    func refusedPath(path: String) async throws {
        let harness = try ScriptedClient()
        let code = Self.serverOnly.contains(path) ? "server_only_endpoint" : "invalid_request"
        try await requireRefusedLocally(code: code, outbound: harness.outbound) {
            _ = try await harness.client.send(JanuaryRequest(path: path))
        }
    }

    @Test(
        "a base URL with a path is joined to the request's path before the guard judges it",
        arguments: [
            ("https://partners.january.test/v1.2", "/auth/client-tokens"),
            ("https://partners.january.test/v1.2/auth", "/client-tokens"),
            ("https://partners.january.test/V1.2/", "/credits"),
            ("https://partners.january.test/v1.2/", "/Auth/client-tokens/revoke"),
            ("https://partners.january.test/proxy/january", "/v1.2/credits"),
        ]
    )
    func refusedOnBasePath(base: String, path: String) async throws {
        let harness = try ScriptedClient { $0.baseURL = URL(string: base)! }
        try await requireRefusedLocally(code: "server_only_endpoint", outbound: harness.outbound) {
            _ = try await harness.client.send(JanuaryRequest(method: .post, path: path))
        }
    }

    @Test("a base URL with a path still sends ordinary paths on it")
    func acceptedOnBasePath() async throws {
        let harness = try ScriptedClient { $0.baseURL = URL(string: "https://partners.january.test/v1.2")! }
        _ = try await harness.client.send(JanuaryRequest(path: "/foods/1001"))
        #expect(harness.transport.requests.first?.url.path == "/v1.2/foods/1001")
    }

    @Test(
        "ordinary escapes are still sent", arguments: ["/v1.2/foods/a%20b", "/v1.2/foods/caf%C3%A9", "/v1.2/foods/a.b"])
    func acceptedPath(path: String) async throws {
        let harness = try ScriptedClient()
        _ = try await harness.client.send(JanuaryRequest(path: path))
        #expect(harness.transport.requests.first?.url.path.isEmpty == false)
    }
}
