import Foundation
import JanuaryTransport
import Testing

@Suite("JanuaryHTTPRequest", suiteTimeLimit())
struct JanuaryHTTPRequestTests {
    private static let url = URL(string: "https://api.january.test/v1/items?x=1")!

    @Test(
        "only a stream body cannot be read twice",
        arguments: [
            (JanuaryHTTPRequest.Body.empty, true),
            (.data(Data("x".utf8)), true),
            (.stream({ InputStream(data: Data()) }), false),
        ]
    )
    func replayableBody(body: JanuaryHTTPRequest.Body, expected: Bool) {
        #expect(body.isReplayable == expected)
    }

    @Test("bodies report emptiness and describe only their size")
    func bodies() {
        #expect(JanuaryHTTPRequest.Body.empty.isEmpty)
        #expect(JanuaryHTTPRequest.Body.data(Data()).isEmpty)
        #expect(!JanuaryHTTPRequest.Body.data(Data("secret body".utf8)).isEmpty)
        #expect(!JanuaryHTTPRequest.Body.stream({ InputStream(data: Data()) }).isEmpty)
        #expect(JanuaryHTTPRequest.Body.data(Data("secret body".utf8)).description == "11 bytes")
        #expect(JanuaryHTTPRequest.Body.empty.description == "empty")
    }

    @Test("only a stream can be spent: a body in memory is never refused as already sent")
    func onlyAStreamIsSpent() {
        #expect(!JanuaryHTTPRequest.Body.empty.isSpentStream)
        #expect(!JanuaryHTTPRequest.Body.data(Data("x".utf8)).isSpentStream)
        #expect(!JanuaryHTTPRequest.Body.stream({ InputStream(data: Data()) }).isSpentStream)
    }

    @Test("defaults")
    func defaults() {
        let request = JanuaryHTTPRequest(url: Self.url)
        #expect(request.method == .get)
        #expect(request.headerFields.isEmpty)
        #expect(request.body.isEmpty)
        #expect(request.timeout == nil)
    }

    @Test("description, debugDescription and dump never show the credential, the body or URL user info")
    func redaction() {
        let token = "eyJ.secret-token.value"
        let request = JanuaryHTTPRequest(
            method: .post,
            url: URL(string: "https://user:hunter2@api.january.test/v1")!,
            headerFields: ["Authorization": "Bearer \(token)", "X-Trace": "t-1"],
            body: .data(Data("body-secret".utf8)),
            timeout: 5
        )
        var dumped = ""
        dump(request, to: &dumped)
        let texts = [request.description, request.debugDescription, "\(request)", String(reflecting: request), dumped]
        for text in texts {
            #expect(!text.contains(token), "\(text)")
            #expect(!text.contains("hunter2"), "\(text)")
            #expect(!text.contains("body-secret"), "\(text)")
            #expect(text.contains("<redacted>"))
            #expect(text.contains("X-Trace"))
        }
        #expect(request.description.contains("POST https://<redacted>@api.january.test/v1"))
        #expect(request.description.contains("11 bytes"))
    }
}
