import Foundation
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

@Suite("LoopbackHTTPServer", suiteTimeLimit())
struct LoopbackHTTPServerTests {
    @Test("serves several requests, including HEAD, over one kept-alive connection")
    func keepAlive() async throws {
        let server = try LoopbackHTTPServer { request in .text("you asked for \(request.path)") }
        defer { server.shutdown() }
        let port = server.port

        let responses = try await onDedicatedThread { () -> [RawResponse] in
            let client = try RawHTTPClient(port: port)
            var responses: [RawResponse] = []
            for path in ["/one", "/two"] {
                client.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                responses.append(try client.readResponse())
            }
            client.send("HEAD /three HTTP/1.1\r\nHost: x\r\n\r\n")
            responses.append(try client.readResponse(isHead: true))
            // If HEAD had sent a body, this response would be read out of those stray bytes and fail.
            client.send("GET /four HTTP/1.1\r\nHost: x\r\n\r\n")
            responses.append(try client.readResponse())
            return responses
        }

        #expect(responses.map(\.status) == [200, 200, 200, 200])
        #expect(
            responses.map { String(decoding: $0.body, as: UTF8.self) } == [
                "you asked for /one", "you asked for /two", "", "you asked for /four",
            ])
        #expect(responses[2].value(forHeader: "Content-Length") == "20")
        #expect(server.receivedRequests.map(\.method) == ["GET", "GET", "HEAD", "GET"])
        #expect(server.receivedRequests.map(\.path) == ["/one", "/two", "/three", "/four"])
    }

    @Test("answers pipelined requests in order")
    func pipelining() async throws {
        let server = try LoopbackHTTPServer { request in .text(request.path) }
        defer { server.shutdown() }
        let port = server.port

        let bodies = try await onDedicatedThread { () -> [String] in
            let client = try RawHTTPClient(port: port)
            client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            return try [client.readResponse(), client.readResponse()].map { String(decoding: $0.body, as: UTF8.self) }
        }

        #expect(bodies == ["/a", "/b"])
    }

    @Test("records a Content-Length body, headers in order, and the query")
    func contentLengthBody() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        server.enqueue(ScriptedResponse(status: 201))
        let port = server.port

        let status = try await onDedicatedThread { () -> Int in
            let client = try RawHTTPClient(port: port)
            client.send(
                "POST /v1/items?x=1&y=2 HTTP/1.1\r\nHost: x\r\nX-Twice: first\r\nContent-Length: 11\r\n"
                    + "x-twice:  second \r\n\r\nhello world"
            )
            return try client.readResponse().status
        }

        #expect(status == 201)
        let request = try #require(server.receivedRequests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/v1/items?x=1&y=2")
        #expect(request.path == "/v1/items")
        #expect(request.query == "x=1&y=2")
        #expect(request.body == Data("hello world".utf8))
        #expect(request.value(forHeader: "X-TWICE") == "first")
        #expect(request.values(forHeader: "x-twice") == ["first", "second"])
        #expect(request.headerFields.map(\.name) == ["Host", "X-Twice", "Content-Length", "x-twice"])
    }

    @Test("decodes a chunked request body with extensions and trailers")
    func chunkedBody() async throws {
        let server = try LoopbackHTTPServer { _ in ScriptedResponse(status: 204) }
        defer { server.shutdown() }
        let port = server.port

        let statuses = try await onDedicatedThread { () -> [Int] in
            let client = try RawHTTPClient(port: port)
            client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            client.send("5;name=value\r\nhello\r\n")
            client.send("1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: yes\r\n\r\n")
            let first = try client.readResponse()
            // The connection stays usable after a chunked body.
            client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            return [first.status, try client.readResponse().status]
        }

        #expect(statuses == [204, 204])
        #expect(server.receivedRequests.first?.body == Data("hello 0123456789".utf8))
        #expect(server.receivedRequests.map(\.path) == ["/upload", "/after"])
    }

    @Test("answers Expect: 100-continue with 100 Continue before the body is sent")
    func expectContinue() async throws {
        let server = try LoopbackHTTPServer { request in .text("got \(request.body.count) bytes") }
        defer { server.shutdown() }
        let port = server.port

        let (interim, final) = try await onDedicatedThread { () -> (RawResponse, RawResponse) in
            let client = try RawHTTPClient(port: port)
            client.send("PUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse()
            client.send("data")
            return (interim, try client.readResponse())
        }

        #expect(interim.status == 100)
        #expect(final.status == 200)
        #expect(String(decoding: final.body, as: UTF8.self) == "got 4 bytes")
    }

    @Test("serves queued responses first, in order, then the handler")
    func enqueueOrder() async throws {
        let server = try LoopbackHTTPServer { _ in .text("handler", status: 202) }
        defer { server.shutdown() }
        server.enqueue(.text("first", status: 200), .json("{}", status: 201))
        server.enqueue(.text("third", status: 503))
        let port = server.port

        let responses = try await onDedicatedThread { () -> [RawResponse] in
            let client = try RawHTTPClient(port: port)
            return try (0..<5).map { _ in
                client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.readResponse()
            }
        }

        #expect(responses.map(\.status) == [200, 201, 503, 202, 202])
        #expect(responses[1].value(forHeader: "Content-Type") == "application/json")
        #expect(responses[0].value(forHeader: "Content-Type") == "text/plain; charset=utf-8")
        #expect(server.receivedRequests.count == 5)
    }

    @Test("answers 404 when nothing is queued and no handler is set")
    func defaultHandler() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        let port = server.port

        let status = try await onDedicatedThread {
            let client = try RawHTTPClient(port: port)
            client.send("GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().status
        }

        #expect(status == 404)
        server.setHandler { _ in .text("now set") }
        let second = try await onDedicatedThread {
            let client = try RawHTTPClient(port: port)
            client.send("GET /something HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().status
        }
        #expect(second == 200)
    }

    @Test("records every one of 120 requests on 120 simultaneous connections")
    func manyConcurrentConnections() async throws {
        let server = try LoopbackHTTPServer { request in
            await Task.yield()
            return .text(request.path)
        }
        defer { server.shutdown() }
        let port = server.port
        let count = 120

        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await onDedicatedThread {
                        let client = try RawHTTPClient(port: port)
                        client.send("GET /request/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                        return String(decoding: try client.readResponse().body, as: UTF8.self)
                    }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        let expected = Set((0..<count).map { "/request/\($0)" })
        #expect(bodies == expected)
        #expect(server.receivedRequests.count == count)
        #expect(Set(server.receivedRequests.map(\.path)) == expected)
    }

    @Test("a delayed response does not hold up other connections, and shutdown ends the delay")
    func delayIsPerConnection() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow" ? ScriptedResponse(status: 200, delay: 600) : .text("fast")
        }
        let port = server.port

        let slowClient = try RawHTTPClient(port: port)
        let slowClientBox = UncheckedSendableBox(slowClient)
        slowClient.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        // Wait until the slow request is recorded, so the fast one is certainly sent while it is pending.
        try await eventually("the slow request at the server") { !server.receivedRequests.isEmpty }
        let fast = try await onDedicatedThread {
            let client = try RawHTTPClient(port: port)
            client.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse()
        }
        #expect(String(decoding: fast.body, as: UTF8.self) == "fast")

        server.shutdown()
        // The 600 s delay would hit the client's 10 s receive timeout; shutdown closes the connection instead.
        let closed = try await onDedicatedThread { try slowClientBox.value.isClosedByPeer() }
        #expect(closed)
        #expect(server.receivedRequests.map(\.path) == ["/slow", "/fast"])
    }

    @Test("closeWithoutResponse records the request and closes without a byte")
    func closeWithoutResponse() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        server.enqueue(ScriptedResponse(status: 200, body: Data("never".utf8), behavior: .closeWithoutResponse))
        let port = server.port

        let closed = try await onDedicatedThread {
            let client = try RawHTTPClient(port: port)
            client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.isClosedByPeer()
        }

        #expect(closed)
        #expect(server.receivedRequests.count == 1)
    }

    @Test("closeMidResponse announces the whole body, sends part of it, and closes", arguments: [0, 1, 10])
    func closeMidResponse(bodySize: Int) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.shutdown() }
        let body = Data(repeating: 0x61, count: bodySize)
        server.enqueue(ScriptedResponse(status: 200, body: body, behavior: .closeMidResponse))
        let port = server.port

        let error = try await onDedicatedThread { () -> RawClientError? in
            let client = try RawHTTPClient(port: port)
            client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            do {
                _ = try client.readResponse()
                return nil
            } catch let error as RawClientError {
                return error
            }
        }

        #expect(error == .truncated(expected: max(bodySize, 1), received: bodySize / 2))
    }

    @Test(
        "answers malformed input with an error status and closes, then keeps serving",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
            ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nName : x\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: 99999999999999\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", 400),
            ("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 70_000) + "\r\n\r\n", 431),
            ("\u{01}\u{02}\u{7F}\u{FF} HTTP/1.1\r\n\r\n", 400),
        ]
    )
    func malformedInput(input: String, expectedStatus: Int) async throws {
        let server = try LoopbackHTTPServer { _ in .text("fine") }
        defer { server.shutdown() }
        let port = server.port

        let (status, closed, afterwards) = try await onDedicatedThread { () -> (Int, Bool, Int) in
            let client = try RawHTTPClient(port: port)
            client.send(input)
            let response = try client.readResponse()
            let closed = try client.isClosedByPeer()
            let next = try RawHTTPClient(port: port)
            next.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return (response.status, closed, try next.readResponse().status)
        }

        #expect(status == expectedStatus)
        #expect(closed)
        #expect(afterwards == 200)
        #expect(server.receivedRequests.count == 1)
    }

    @Test("survives random bytes on many connections")
    func randomGarbage() async throws {
        let server = try LoopbackHTTPServer { _ in .text("fine") }
        defer { server.shutdown() }
        let port = server.port

        let status = try await onDedicatedThread { () -> Int in
            var generator = SplitMix64(seed: 0x5EED)
            for _ in 0..<50 {
                let client = try RawHTTPClient(port: port)
                let length = Int(generator.next() % 300)
                client.send((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) } + [13, 10, 13, 10])
            }
            let client = try RawHTTPClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().status
        }

        #expect(status == 200)
    }

    @Test("shutdown closes open connections, is idempotent, and deinit shuts down too")
    func shutdownAndDeinit() async throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in .text("hi") }
        let port = try #require(server?.port)
        let client = try RawHTTPClient(port: port)
        let box = UncheckedSendableBox(client)
        let first = try await onDedicatedThread { () -> Int in
            box.value.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try box.value.readResponse().status
        }
        #expect(first == 200)

        server = nil
        let closed = try await onDedicatedThread { try box.value.isClosedByPeer() }
        #expect(closed)

        let other = try LoopbackHTTPServer()
        other.shutdown()
        other.shutdown()
    }

    @Test(
        "RecordedRequest splits path and query",
        arguments: [
            ("/v1/x?y=1", "/v1/x", "y=1"),
            ("/v1/x", "/v1/x", nil),
            ("/v1/x?", "/v1/x", ""),
            ("/?a=b?c", "/", "a=b?c"),
            ("http://example.com/p/q?r=s", "/p/q", "r=s"),
            ("http://example.com", "/", nil),
            ("http://example.com?k", "/", "k"),
            ("*", "*", nil),
        ] as [(String, String, String?)]
    )
    func pathAndQuery(target: String, path: String, query: String?) {
        let request = RecordedRequest(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.query == query)
    }
}

/// Moves a non-Sendable test object to a helper thread. Each test uses the object from one thread at a time,
/// handing it over through `await`, which orders the accesses.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
