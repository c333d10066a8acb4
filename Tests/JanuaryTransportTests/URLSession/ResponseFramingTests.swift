import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

@testable import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response is answered as soon as its body is whole by its own framing (`SessionDelegate.isWhole`), and only
/// then: never with part of a body, never twice.
@Suite("Answering when the body is whole", suiteTimeLimit())
struct ResponseFramingTests {
    private static let url = URL(string: "https://partners.january.test/v1.2/foods")!

    private static func response(_ fields: [String: String]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
    }

    @Test(
        "the body is whole exactly at its Content-Length, without a transfer or content coding",
        arguments: [
            (["Content-Length": "11"], 11, true),
            (["Content-Length": "11"], 10, false),
            (["Content-Length": "11"], 12, false),
            (["Content-Length": "0"], 0, false),
            ([:], 11, false),
            (["Content-Length": "11", "Content-Encoding": "identity"], 11, true),
            (["Content-Length": "11", "Content-Encoding": "IDENTITY"], 11, true),
            (["Content-Length": "11", "Content-Encoding": "gzip"], 11, false),
            (["Content-Length": "11", "content-encoding": "br"], 11, false),
            (["Content-Length": "11", "Transfer-Encoding": "chunked"], 11, false),
        ]
    )
    func isWhole(fields: [String: String], received: Int, whole: Bool) {
        #expect(SessionDelegate.isWhole(bodyOf: Self.response(fields), received: received) == whole)
    }

    @Test("a gzip body is answered decoded and whole, though fewer bytes than it decodes to were announced")
    func gzipBodyIsWhole() async throws {
        let text = String(repeating: "January ", count: 40)
        // `text`, gzip-compressed (32 bytes for 320).
        let gzip = Data(
            [
                0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xf3, 0x4a, 0xcc, 0x2b, 0x4d, 0x2c, 0xaa,
                0x54, 0xf0, 0x1a, 0xa5, 0xc9, 0xa2, 0x01, 0xc9, 0xb7, 0xd0, 0x0f, 0x40, 0x01, 0x00, 0x00,
            ])
        let server = try LoopbackHTTPServer { _ in
            ScriptedResponse(
                status: 200, headerFields: [HeaderField(name: "Content-Encoding", value: "gzip")], body: gzip)
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let response = try await withDeadline("an answer") {
            try await transport.send(JanuaryHTTPRequest(url: server.baseURL))
        }
        #expect(String(decoding: response.body, as: UTF8.self) == text)
    }

    @Test(
        "bodies that arrive in many pieces are answered whole, each to its own request",
        arguments: [1, 70_000, 300_000])
    func largeBodiesAreWhole(size: Int) async throws {
        let server = try LoopbackHTTPServer { request in
            let seed = UInt8(truncatingIfNeeded: Int(request.path.split(separator: "/").last ?? "0") ?? 0)
            return ScriptedResponse(status: 200, body: Data((0..<size).map { UInt8(truncatingIfNeeded: $0) &+ seed }))
        }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        var whole = 0
        for index in 0..<20 {
            let url = server.baseURL.appendingPathComponent("body/\(index)")
            let response = try await withDeadline("an answer") {
                try await transport.send(JanuaryHTTPRequest(url: url))
            }
            let expected = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) &+ UInt8(index) })
            if response.body == expected {
                whole += 1
            }
        }
        #expect(whole == 20)
    }
}
