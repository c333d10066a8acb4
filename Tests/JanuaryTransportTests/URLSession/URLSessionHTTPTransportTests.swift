import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTestServer
import JanuaryTransport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `request` and returns the `JanuaryError` it throws, failing the test if it returns instead.
private func sendExpectingError(
    _ transport: some JanuaryHTTPTransport,
    _ request: JanuaryHTTPRequest
) async throws -> JanuaryError {
    do {
        let response = try await transport.sendWithinTimeout(request)
        Issue.record("expected an error, got \(response)")
        throw CancellationError()
    } catch let error as JanuaryError {
        return error
    }
}

extension JanuaryHTTPTransport {
    /// Sends `request`, failing instead of hanging if no answer comes within the guard's timeout.
    fileprivate func sendWithinTimeout(_ request: JanuaryHTTPRequest) async throws -> JanuaryHTTPResponse {
        try await withDeadline("an answer") { try await self.send(request) }
    }
}

/// Waits until the server has recorded `count` requests: an event, not a duration.
private func waitForRequests(_ server: LoopbackHTTPServer, count: Int) async throws {
    try await eventually("\(count) requests at the server") { server.receivedRequests.count >= count }
}

@Suite("URLSessionHTTPTransport over loopback", suiteTimeLimit())
struct URLSessionHTTPTransportTests {
    @Test("a 2xx response round-trips status, body, fields, request ID and URL")
    func successRoundTrip() async throws {
        let server = try LoopbackHTTPServer { request in
            .json(
                #"{"path":"\#(request.path)"}"#,
                headerFields: [
                    HeaderField(name: "x-request-id", value: "req-123"),
                    HeaderField(name: "X-Custom", value: "custom value"),
                ])
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let response = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: server.baseURL.appendingPathComponent("v1/items"),
                headerFields: [
                    "Authorization": "Bearer loopback-token", "X-Test": "yes", "Accept": "application/json",
                ]
            ))

        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"path":"/v1/items"}"#)
        #expect(response.headerFields["x-custom"] == "custom value")
        #expect(response.headerFields["Content-Type"] == "application/json")
        #expect(response.requestID == "req-123")
        #expect(response.url == server.baseURL.appendingPathComponent("v1/items"))
        let recorded = try #require(server.receivedRequests.first)
        #expect(recorded.method == "GET")
        #expect(recorded.value(forHeader: "authorization") == "Bearer loopback-token")
        #expect(recorded.value(forHeader: "X-Test") == "yes")
        #expect(recorded.value(forHeader: "Cookie") == nil)
    }

    @Test("a POST body and method reach the server", arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func postBody(method: String) async throws {
        let server = try LoopbackHTTPServer { _ in ScriptedResponse(status: 201) }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let payload = Data(#"{"name":"x","count":3}"#.utf8)

        let response = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                method: JanuaryHTTPMethod(rawValue: method),
                url: server.baseURL.appendingPathComponent("v1/things"),
                headerFields: ["Content-Type": "application/json"],
                body: .data(payload)
            ))

        #expect(response.statusCode == 201)
        let recorded = try #require(server.receivedRequests.first)
        #expect(recorded.method == method)
        #expect(recorded.body == payload)
        #expect(recorded.value(forHeader: "Content-Type") == "application/json")
    }

    @Test("a 401 with a Bearer invalid_token challenge is returned with the challenge parsed")
    func bearerInvalidToken() async throws {
        let server = try LoopbackHTTPServer { _ in
            ScriptedResponse(
                status: 401,
                headerFields: [
                    HeaderField(
                        name: "WWW-Authenticate",
                        value: #"Bearer realm="january", error="invalid_token", error_description="expired""#
                    ),
                    HeaderField(name: "x-request-id", value: "req-401"),
                ], body: Data(#"{"error":"invalid_token"}"#.utf8))
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let response = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: server.baseURL,
                headerFields: ["Authorization": "Bearer expired-token"]
            ))

        #expect(response.statusCode == 401)
        #expect(response.challenges.count == 1)
        #expect(response.challenges.first?.isInvalidToken == true)
        #expect(response.challenges.first?.errorDescription == "expired")
        #expect(response.body == Data(#"{"error":"invalid_token"}"#.utf8))
        #expect(response.requestID == "req-401")
        #expect(server.receivedRequests.count == 1)
    }

    @Test(
        "a 401 offering Basic, Digest or Negotiate is delivered once, without a hang or a credential retry",
        arguments: [
            [#"Basic realm="x""#, #"Bearer error="invalid_token""#],
            [#"Basic realm="x", Bearer error="invalid_token""#],
            [#"Bearer error="invalid_token""#, #"Basic realm="x""#],
            [#"Basic realm="x""#],
            [#"Digest realm="x", nonce="abc", qop="auth""#, #"Bearer error="invalid_token""#],
            ["Negotiate", "NTLM", #"Bearer error="invalid_token""#],
            [],
        ],
        // With a body, the transport answers at its last byte; without one, on Linux, when FoundationNetworking
        // raises the challenge after the whole response.
        [50_000, 0]
    )
    func challengesDoNotHang(challenges: [String], bodySize: Int) async throws {
        let body = Data(repeating: 0x7A, count: bodySize)
        let server = try LoopbackHTTPServer { _ in
            ScriptedResponse(
                status: 401,
                headerFields: challenges.map { HeaderField(name: "WWW-Authenticate", value: $0) },
                body: body
            )
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        // Several in a row: the session must stay usable after each declined challenge.
        for _ in 0..<3 {
            let response = try await transport.sendWithinTimeout(
                JanuaryHTTPRequest(
                    url: server.baseURL,
                    headerFields: ["Authorization": "Bearer t"]
                ))
            #expect(response.statusCode == 401)
            #expect(response.body == body)
            #expect(response.challenges == AuthenticationChallenge.parse(challenges))
            #expect(response.challenges.contains(where: \.isInvalidToken) == challenges.joined().contains("invalid"))
        }
        #expect(server.receivedRequests.count == 3)
        #expect(server.receivedRequests.allSatisfy { $0.value(forHeader: "Authorization") == "Bearer t" })
    }

    @Test("a 5xx with a request ID becomes a .server error carrying both")
    func serverError() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        server.enqueue(
            .text(
                "upstream exploded: SECRET-DETAIL", status: 503,
                headerFields: [
                    HeaderField(name: "x-request-id", value: "req-503")
                ]))
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let response = try await transport.sendWithinTimeout(JanuaryHTTPRequest(url: server.baseURL))

        #expect(response.statusCode == 503)
        #expect(response.requestID == "req-503")
        #expect(!response.description.contains("SECRET"))
    }

    @Test("Authorization over cleartext to a host that is not loopback is refused before anything is sent")
    func cleartextRefusal() async throws {
        let server = try LoopbackHTTPServer { _ in .text("reached") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        try await requireRefusedLocally(hiding: ["must-not-leak"]) {
            _ = try await transport.sendWithinTimeout(
                JanuaryHTTPRequest(
                    url: URL(string: "http://example.com/v1")!,
                    headerFields: ["Authorization": "Bearer must-not-leak"]
                ))
        }

        // `.invalid` never resolves (RFC 2606), so a request that left would fail with .network; the refusal
        // is .invalidInput, which shows it happened before any I/O. Without a credential the same URL is
        // attempted, which shows the refusal is what stopped it.
        let unresolvable = URL(string: "http://january.invalid/v1")!
        try await requireRefusedLocally(hiding: ["must-not-leak"]) {
            _ = try await transport.sendWithinTimeout(
                JanuaryHTTPRequest(
                    url: unresolvable,
                    headerFields: ["authorization": "Bearer must-not-leak"]
                ))
        }
        let attempted = try await sendExpectingError(transport, JanuaryHTTPRequest(url: unresolvable))
        #expect(attempted.category == .network)

        // Plain http to loopback is allowed with a credential: that is how these tests and local servers work.
        let local = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: URL(string: "http://localhost:\(server.port)/v1")!,
                headerFields: ["Authorization": "Bearer local"]
            ))
        #expect(local.statusCode == 200)
        #expect(server.receivedRequests.map { $0.value(forHeader: "Authorization") } == ["Bearer local"])
    }

    @Test(
        "unsafe requests are refused with .invalidInput and never reach the server",
        arguments: ["userinfo", "injection", "badName", "getBody"]
    )
    func unsafeRequests(kind: String) async throws {
        let server = try LoopbackHTTPServer { _ in .text("reached") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        var request = JanuaryHTTPRequest(url: server.baseURL)
        switch kind {
        case "userinfo":
            request.url = URL(string: "http://user:hunter2@127.0.0.1:\(server.port)/")!
        case "injection":
            request.headerFields["X-Evil"] = "a\r\nAuthorization: Bearer injected"
        case "badName":
            request.headerFields["Bad Name"] = "x"
        default:
            request.body = .data(Data("x".utf8))
        }

        try await requireRefusedLocally(hiding: ["hunter2"], outbound: server.receivedRequests.map(\.path)) {
            _ = try await transport.sendWithinTimeout(request)
        }
    }

    @Test("a same-origin redirect keeps Authorization; another origin gets the request without it")
    func redirects() async throws {
        let other = try LoopbackHTTPServer { request in .text("other saw \(request.path)") }
        defer { other.shutdown() }
        let origin = try LoopbackHTTPServer { request in
            switch request.path {
            case "/same":
                return ScriptedResponse(status: 302, headerFields: [HeaderField(name: "Location", value: "/landed")])
            case "/cross":
                let location = other.baseURL.appendingPathComponent("elsewhere").absoluteString
                return ScriptedResponse(status: 307, headerFields: [HeaderField(name: "Location", value: location)])
            default:
                return .text("origin saw \(request.path)")
            }
        }
        defer { origin.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let credential: JanuaryHTTPHeaderFields = ["Authorization": "Bearer origin-only", "X-Kept": "1"]

        let same = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: origin.baseURL.appendingPathComponent("same"),
                headerFields: credential
            ))
        #expect(String(decoding: same.body, as: UTF8.self) == "origin saw /landed")
        #expect(!same.credentialWithdrawnByRedirect)
        #expect(origin.receivedRequests.map(\.path) == ["/same", "/landed"])
        #expect(
            origin.receivedRequests.map { $0.value(forHeader: "Authorization") } == [
                "Bearer origin-only", "Bearer origin-only",
            ])

        let cross = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: origin.baseURL.appendingPathComponent("cross"),
                headerFields: credential
            ))
        #expect(String(decoding: cross.body, as: UTF8.self) == "other saw /elsewhere")
        #expect(cross.url == other.baseURL.appendingPathComponent("elsewhere"))
        #expect(cross.credentialWithdrawnByRedirect, "the answer is not the credential's origin's verdict")
        let landed = try #require(other.receivedRequests.first)
        #expect(landed.value(forHeader: "Authorization") == nil)
        #expect(landed.value(forHeader: "X-Kept") == "1")
        #expect(origin.receivedRequests.last?.value(forHeader: "Authorization") == "Bearer origin-only")
    }

    @Test("a redirect the policy refuses is returned as the 3xx response, whose statusError is .network")
    func refusedRedirect() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        server.enqueue(
            ScriptedResponse(
                status: 302,
                headerFields: [HeaderField(name: "Location", value: "http://user:hunter2@127.0.0.1:\(server.port)/x")],
                body: Data("moved".utf8)
            ))
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let response = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: server.baseURL,
                headerFields: ["Authorization": "Bearer t"]
            ))

        #expect(response.statusCode == 302)
        #expect(server.receivedRequests.count == 1)
    }

    @Test("after leaving the origin, a redirect back to it still carries no Authorization")
    func redirectBackStaysWithdrawn() async throws {
        let origin = try LoopbackHTTPServer()
        defer { origin.shutdown() }
        let other = try LoopbackHTTPServer()
        defer { other.shutdown() }
        origin.enqueue(
            ScriptedResponse(
                status: 302,
                headerFields: [
                    HeaderField(name: "Location", value: other.baseURL.appendingPathComponent("bounce").absoluteString)
                ]))
        other.enqueue(
            ScriptedResponse(
                status: 302,
                headerFields: [
                    HeaderField(name: "Location", value: origin.baseURL.appendingPathComponent("back").absoluteString)
                ]))
        origin.setHandler { _ in .text("back home") }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let response = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(
                url: origin.baseURL.appendingPathComponent("start"),
                headerFields: ["Authorization": "Bearer origin-only"]
            ))

        #expect(String(decoding: response.body, as: UTF8.self) == "back home")
        #expect(response.credentialWithdrawnByRedirect)
        #expect(origin.receivedRequests.map(\.path) == ["/start", "/back"])
        #expect(origin.receivedRequests.map { $0.value(forHeader: "Authorization") } == ["Bearer origin-only", nil])
        #expect(other.receivedRequests.first?.value(forHeader: "Authorization") == nil)
    }

    @Test(
        "a connection closed before or during the response fails with .network and the URLError",
        arguments: [ScriptedResponse.Behavior.closeMidResponse, .closeWithoutResponse]
    )
    func droppedConnection(behavior: ScriptedResponse.Behavior) async throws {
        // Every answer breaks, so a client-side retry cannot turn the failure into a success.
        let server = try LoopbackHTTPServer { _ in
            ScriptedResponse(status: 200, body: Data(repeating: 0x41, count: 10_000), behavior: behavior)
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let error = try await sendExpectingError(transport, JanuaryHTTPRequest(url: server.baseURL))

        #expect(error.category == .network)
        #expect(error.underlyingError is URLError)
        #expect(error.statusCode == nil)
    }

    @Test("cancelling the calling task throws CancellationError promptly and cancels the URLSession task")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow" ? ScriptedResponse(status: 200, delay: 600) : .text("fast")
        }
        defer { server.shutdown() }
        // One connection per host: if the cancelled task kept its connection, the next request would wait for
        // the 600 s response and hit the timeout guard instead of succeeding.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        let transport = URLSessionHTTPTransport(configuration: configuration)
        defer { transport.shutdown() }
        let slowURL = server.baseURL.appendingPathComponent("slow")

        let slow = Task { try await transport.send(JanuaryHTTPRequest(url: slowURL)) }
        try await waitForRequests(server, count: 1)
        slow.cancel()
        let outcome = try await withDeadline("the slow request to end") { await slow.result }

        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
        let next = try await transport.sendWithinTimeout(
            JanuaryHTTPRequest(url: server.baseURL.appendingPathComponent("fast")))
        #expect(String(decoding: next.body, as: UTF8.self) == "fast")
    }

    @Test("a task cancelled before sending throws CancellationError and sends nothing")
    func cancelledBeforeSend() async throws {
        let server = try LoopbackHTTPServer { _ in .text("reached") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let url = server.baseURL

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(JanuaryHTTPRequest(url: url))
        }
        let outcome = await task.result

        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error is CancellationError)
        #expect(server.receivedRequests.isEmpty)
    }

    @Test("a one-shot stream body is sent chunked, is not replayable, and cannot be sent twice")
    func streamBody() async throws {
        let server = try LoopbackHTTPServer { request in .text("\(request.body.count)") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let payload = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0) })
        let request = JanuaryHTTPRequest(
            method: .put,
            url: server.baseURL.appendingPathComponent("upload"),
            body: .stream { InputStream(data: payload) }
        )
        #expect(!request.body.isReplayable)

        let response = try await transport.sendWithinTimeout(request)

        #expect(String(decoding: response.body, as: UTF8.self) == "70000")
        let recorded = try #require(server.receivedRequests.first)
        #expect(recorded.body == payload)
        #if canImport(FoundationNetworking)
        #expect(recorded.value(forHeader: "Transfer-Encoding")?.lowercased() == "chunked")
        #endif
        // The stream was read once; sending the request again is refused before anything reaches the server.
        try await requireRefusedLocally(outbound: server.receivedRequests.map(\.path)) {
            _ = try await transport.sendWithinTimeout(request)
        }
    }

    @Test("a request timeout fails with .timeout, code request_timeout, and URLError.timedOut")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in ScriptedResponse(status: 200, delay: 600) }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }

        let error = try await sendExpectingError(transport, JanuaryHTTPRequest(url: server.baseURL, timeout: 1))

        #expect(error.category == .timeout)
        #expect(error.code == "request_timeout")
        #expect((error.underlyingError as? URLError)?.code == .timedOut)
    }

    @Test("shutdown fails requests in flight and later sends with .network")
    func shutdown() async throws {
        let server = try LoopbackHTTPServer { _ in ScriptedResponse(status: 200, delay: 600) }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        let url = server.baseURL

        let inFlight = Task { try await transport.send(JanuaryHTTPRequest(url: url)) }
        try await waitForRequests(server, count: 1)
        transport.shutdown()
        transport.shutdown()
        let outcome = try await withDeadline("the request in flight to end") { await inFlight.result }

        guard case .failure(let error) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect((error as? JanuaryError)?.category == .network)
        let later = try await sendExpectingError(transport, JanuaryHTTPRequest(url: url))
        #expect(later.category == .network)
    }

    @Test("a response body over the transport's limit fails with .network, code response_too_large")
    func responseBodyLimit() async throws {
        let server = try LoopbackHTTPServer { request in
            .text(String(repeating: "x", count: request.path == "/big" ? 4_097 : 4_096))
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport(maximumResponseBodySize: 4_096)
        defer { transport.shutdown() }

        let fits = try await transport.sendWithinTimeout(JanuaryHTTPRequest(url: server.baseURL))
        #expect(fits.body.count == 4_096)
        let error = try await sendExpectingError(
            transport,
            JanuaryHTTPRequest(url: server.baseURL.appendingPathComponent("big"))
        )
        #expect(error.category == .network)
        #expect(error.code == "response_too_large")
        #expect(URLSessionHTTPTransport.defaultMaximumResponseBodySize == 16 * 1_024 * 1_024)
    }

    @Test(
        "a write whose connection closes without an answer fails at once with .network and is sent once",
        arguments: ["POST", "PATCH"]
    )
    func writeOnAClosedConnectionIsSentOnce(method: String) async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        // A first exchange leaves a keep-alive connection that a later request could reuse.
        _ = try await transport.sendWithinTimeout(JanuaryHTTPRequest(url: server.baseURL))
        server.enqueue(ScriptedResponse(status: 201, behavior: .closeWithoutResponse))

        let error = try await sendExpectingError(
            transport,
            JanuaryHTTPRequest(
                method: JanuaryHTTPMethod(rawValue: method), url: server.baseURL, body: .data(Data("{}".utf8)))
        )

        #expect(error.category == .network)
        #expect(server.receivedRequests.filter { $0.method == method }.count == 1)
        let after = try await transport.sendWithinTimeout(JanuaryHTTPRequest(url: server.baseURL))
        #expect(after.statusCode == 200)
    }

    @Test("60 concurrent requests on one transport each get their own response")
    func concurrentRequests() async throws {
        let server = try LoopbackHTTPServer { request in .text(request.path) }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let base = server.baseURL
        let count = 60

        let mismatches = try await withDeadline("every concurrent request") {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let path = "/n/\(index)"
                        let url = try #require(URL(string: path, relativeTo: base))
                        let response = try await transport.send(JanuaryHTTPRequest(url: url))
                        return String(decoding: response.body, as: UTF8.self) == path
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 0 : 1) }
            }
        }

        #expect(mismatches == 0)
        #expect(server.receivedRequests.count == count)
        #expect(Set(server.receivedRequests.map(\.path)).count == count)
    }

    @Test("nothing is persisted: cookies the server sets are not sent back")
    func noCookies() async throws {
        let server = try LoopbackHTTPServer { _ in
            .text("ok", headerFields: [HeaderField(name: "Set-Cookie", value: "session=abc; Path=/")])
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport(configuration: .default)
        defer { transport.shutdown() }

        for _ in 0..<2 {
            let response = try await transport.sendWithinTimeout(JanuaryHTTPRequest(url: server.baseURL))
            #expect(response.headerFields.description.contains("Set-Cookie: <redacted>"))
        }

        #expect(server.receivedRequests.count == 2)
        #expect(server.receivedRequests.allSatisfy { $0.value(forHeader: "Cookie") == nil })
    }
}
