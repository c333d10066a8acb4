import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

@testable import JanuaryTransport

/// The connection a request goes on follows its replay class and its body, never its method: only a `safe` request
/// without content may share a keep-alive connection where the platform resends by itself on one that closes
/// (swift-corelibs-foundation, which cannot rewind a body either), so any other request, whatever its method, is
/// sent once and fails at once when its connection closes unanswered.
@Suite("The connection follows the replay class", suiteTimeLimit())
struct ReplayClassConnectionTests {
    @Test("only a safe request without content shares a connection the platform may resend on")
    func freshConnectionByReplayClass() {
        let content = JanuaryHTTPRequest.Body.data(Data("{}".utf8))
        #expect(!URLSessionHTTPTransport.needsFreshConnection(.safe, body: .empty))
        #if canImport(FoundationNetworking)
        let expected = true
        #else
        let expected = false
        #endif
        #expect(URLSessionHTTPTransport.needsFreshConnection(.safe, body: content) == expected)
        for replay in [JanuaryReplayClass.onceOnly, .never] {
            #expect(URLSessionHTTPTransport.needsFreshConnection(replay, body: .empty) == expected)
            #expect(URLSessionHTTPTransport.needsFreshConnection(replay, body: content) == expected)
        }
    }

    @Test(
        "a request that is not safe, or has content, fails at once and is sent once when its connection closes",
        arguments: [("POST", JanuaryReplayClass.onceOnly), ("GET", .onceOnly), ("PATCH", .never), ("POST", .safe)]
    )
    func notSafeOrWithContentIsSentOnce(method: String, replay: JanuaryReplayClass) async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport()
        defer { transport.shutdown() }
        let seam = transport.behindCheckedSeam
        // A safe exchange first leaves a keep-alive connection that a later request could reuse.
        let warmUp = try CheckedHTTPRequest(checking: JanuaryHTTPRequest(url: server.baseURL), replay: .safe)
        _ = try await withDeadline("the first answer") { try await seam.send(warmUp) }
        server.enqueue(ScriptedResponse(status: 201, behavior: .closeWithoutResponse))
        let httpMethod = JanuaryHTTPMethod(rawValue: method)
        let request = JanuaryHTTPRequest(
            method: httpMethod,
            url: server.baseURL.appendingPathComponent("once"),
            body: httpMethod == .get ? .empty : .data(Data("{}".utf8))
        )
        let checked = try CheckedHTTPRequest(checking: request, replay: replay)

        let failure = try await withDeadline("the closed connection's failure") { () async -> JanuaryError? in
            do {
                _ = try await seam.send(checked)
                return nil
            } catch {
                return error as? JanuaryError
            }
        }

        #expect(failure?.category == .network)
        #expect(server.receivedRequests.filter { $0.path == "/once" }.count == 1)
    }

    @Test("a one-shot stream body makes any stated class never")
    func streamIsNever() throws {
        let url = URL(string: "https://partners.january.ai/v1.2/food-analysis/image")!
        let streamed = JanuaryHTTPRequest(method: .post, url: url, body: .stream { InputStream(data: Data()) })
        #expect(try CheckedHTTPRequest(checking: streamed, replay: .safe).replay == .never)
        let inMemory = JanuaryHTTPRequest(method: .post, url: url, body: .data(Data("{}".utf8)))
        for replay in [JanuaryReplayClass.safe, .onceOnly, .never] {
            #expect(try CheckedHTTPRequest(checking: inMemory, replay: replay).replay == replay)
        }
    }
}
