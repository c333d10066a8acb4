import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDK
@testable import JanuaryTransport

/// The client reuses its check (``LastPreparedRequest``) of the last body-less request for an equal one, and only for an equal one: a
/// request that differs from the last in any field the check reads is checked and built anew.
@Suite("The last checked request, reused", suiteTimeLimit())
struct LastPreparedRequestTests {
    /// Everything of a checked request that goes on the wire or decides a second send.
    static func describe(_ prepared: CheckedHTTPRequest) -> String {
        let request = prepared.request
        let fields = request.headerFields.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        return "\(request.method.rawValue) \(request.url.absoluteString) [\(fields)] timeout \(request.timeout ?? -1) "
            + "replay \(prepared.replay)"
    }

    static func makeClient() throws -> JanuaryPartnerClient {
        try JanuaryPartnerClient(
            clientTokenProvider: { JanuaryClientToken(value: "t", expiresAt: Date().addingTimeInterval(3_600)) },
            configuration: .init(baseURL: URL(string: "https://partners.january.test")!)
        )
    }

    static func request(
        method: JanuaryRequest.Method = .get,
        path: String = "/v1.2/foods/1",
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        user: String? = nil,
        timeout: TimeInterval? = nil,
        replay: JanuaryReplayClass = .safe
    ) -> JanuaryRequest {
        var request = JanuaryRequest(
            method: method, path: path, queryItems: query, headers: headers,
            partnerUserID: user.map { PartnerUserID(rawValue: $0) }, replay: replay)
        request.timeout = timeout
        return request
    }

    /// Pairs that differ in one field the check reads: the second must be checked on its own.
    static let pairs: [(String, JanuaryRequest, JanuaryRequest)] = [
        ("path", request(path: "/v1.2/foods/1"), request(path: "/v1.2/foods/2")),
        (
            "query value", request(query: [URLQueryItem(name: "q", value: "a")]),
            request(query: [URLQueryItem(name: "q", value: "b")])
        ),
        ("query added", request(), request(query: [URLQueryItem(name: "q", value: "a")])),
        ("header value", request(headers: ["X-Trace": "1"]), request(headers: ["X-Trace": "2"])),
        ("header added", request(), request(headers: ["X-Trace": "1"])),
        ("user", request(user: "user-1"), request(user: "user-2")),
        ("user added", request(), request(user: "user-1")),
        ("timeout", request(), request(timeout: 5)),
        ("replay", request(replay: .safe), request(replay: .never)),
        ("method", request(method: .get), request(method: .delete)),
        ("body", request(method: .post), withBody(request(method: .post))),
    ]

    static func withBody(_ request: JanuaryRequest) -> JanuaryRequest {
        var request = request
        request.body = .data(Data("{}".utf8), contentType: "application/json")
        return request
    }

    @Test("a request that differs from the last in one field is checked anew", arguments: pairs)
    func differentRequestIsCheckedAnew(field: String, first: JanuaryRequest, second: JanuaryRequest) throws {
        let client = try Self.makeClient()
        let firstPrepared = try client.prepare(first)
        let secondPrepared = try client.prepare(second)
        // What a client that never saw `first` makes of `second`.
        let fresh = try Self.makeClient().prepare(second)
        #expect(Self.describe(secondPrepared) == Self.describe(fresh), "\(field)")
        #expect(Self.describe(secondPrepared) != Self.describe(firstPrepared), "\(field)")
    }

    @Test("an equal request takes the last one's checked form, URL and all")
    func equalRequestIsReused() throws {
        let client = try Self.makeClient()
        let first = try client.prepare(Self.request(query: [URLQueryItem(name: "q", value: "a")], user: "user-1"))
        let again = try client.prepare(Self.request(query: [URLQueryItem(name: "q", value: "a")], user: "user-1"))
        #expect(again.request.urlReference === first.request.urlReference)
        #expect(Self.describe(again) == Self.describe(first))
    }

    @Test(
        "a request with a body or header fields is never kept, and a typed operation's path is told from the same text")
    func bodiesHeadersAndEncodedPathsAreNotMatched() throws {
        let client = try Self.makeClient()
        let text = Self.request(path: "/v1.2/foods/a%2Bb")
        let prepared = try client.prepare(text)
        let body = JanuaryRequest(method: .post, path: "/v1.2/food-logs", body: .data(Data("{}".utf8)))
        #expect(LastPreparedRequest(body, user: nil, prepared: prepared) == nil)
        #expect(LastPreparedRequest(Self.request(headers: ["X-Trace": "1"]), user: nil, prepared: prepared) == nil)
        let kept = try #require(LastPreparedRequest(text, user: nil, prepared: prepared))
        #expect(kept.matches(text, user: nil))
        let typed = JanuaryRequest(
            method: .get, path: try RequestPath(segments: ["v1.2", "foods", "a+b"]), queryItems: [], body: .empty,
            replay: .safe)
        #expect(typed.path == text.path)
        #expect(!kept.matches(typed, user: nil))
        var withBody = text
        withBody.body = .data(Data())
        #expect(!kept.matches(withBody, user: nil))
    }

    @Test("a request the check refuses is not kept, and the one kept before it stays")
    func refusedRequestIsNotKept() throws {
        let client = try Self.makeClient()
        let good = Self.request(path: "/v1.2/foods/1")
        _ = try client.prepare(good)
        let refused = Self.request(path: "/v1.2/../credits")
        #expect(throws: JanuaryError.self) { try client.prepare(refused) }
        let kept = try #require(client.lastPrepared.withLock { $0 })
        #expect(kept.matches(good, user: nil))
        #expect(!kept.matches(refused, user: nil))
        #expect(throws: JanuaryError.self) { try client.prepare(refused) }
    }

    @Test("the kept request holds no credential after a send: Authorization is added per send, to a copy")
    func keptRequestHoldsNoCredential() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.send(Self.request(path: "/v1.2/foods/1001"))
        #expect(harness.server.receivedRequests.last?.value(forHeader: "Authorization") != nil)
        let kept = try #require(harness.client.lastPrepared.withLock { $0 })
        #expect(!kept.prepared.request.headerFields.contains("Authorization"))
        #expect(kept.prepared.request.headerFields.count > 0)
    }

    @Test("signing out forgets the last checked request, which names the user it acted for")
    func signOutForgetsIt() throws {
        let client = try Self.makeClient()
        _ = try client.prepare(Self.request(user: "user-1"))
        #expect(client.lastPrepared.withLock { $0 != nil })
        client.signOut()
        #expect(client.lastPrepared.withLock { $0 == nil })
    }

    @Test("requests checked at once from many tasks each get their own checked form")
    func concurrentChecks() async throws {
        let client = try Self.makeClient()
        let paths = (0..<4).map { "/v1.2/foods/\($0)" }
        let matched = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<400 {
                let path = paths[index % paths.count]
                group.addTask {
                    let prepared = try client.prepare(Self.request(path: path))
                    return prepared.request.url.path == path
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(matched == 400)
    }
}
