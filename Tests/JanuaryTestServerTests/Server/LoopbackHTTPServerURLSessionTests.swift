import Foundation
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's real client is URLSession (curl underneath on Linux), so check the two get along.
@Suite("LoopbackHTTPServer with URLSession", suiteTimeLimit())
struct LoopbackHTTPServerURLSessionTests {
    @Test("serves sequential URLSession requests, with Content-Length and streamed (chunked) bodies")
    func urlSessionRoundTrips() async throws {
        let server = try LoopbackHTTPServer { request in
            .json(#"{"path":"\#(request.path)","bytes":\#(request.body.count)}"#)
        }
        defer { server.shutdown() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }

        for index in 0..<5 {
            let (data, response) = try await session.dataOffThePool(
                from: server.baseURL.appendingPathComponent("get/\(index)"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == #"{"path":"/get/\#(index)","bytes":0}"#)
        }

        var post = URLRequest(url: server.baseURL.appendingPathComponent("post"))
        post.httpMethod = "POST"
        post.httpBody = Data("twelve bytes".utf8)
        let (posted, _) = try await session.dataOffThePool(for: post)
        #expect(String(decoding: posted, as: UTF8.self) == #"{"path":"/post","bytes":12}"#)

        var streamed = URLRequest(url: server.baseURL.appendingPathComponent("stream"))
        streamed.httpMethod = "PUT"
        streamed.httpBodyStream = InputStream(data: Data(repeating: 0x42, count: 100_000))
        let (streamedAnswer, _) = try await session.dataOffThePool(for: streamed)
        #expect(String(decoding: streamedAnswer, as: UTF8.self) == #"{"path":"/stream","bytes":100000}"#)

        #expect(server.receivedRequests.count == 7)
        #expect(server.receivedRequests.last?.body == Data(repeating: 0x42, count: 100_000))
    }
}
