import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

/// A `2xx` whose body cannot be read and a `5xx` are the same question, whether the request may have acted at
/// January, and the request's replay class answers both alike: never its method. A read-only `POST` (an analysis)
/// says `false` to both; a request nobody said is safe says `true` to both, even a `GET`.
@Suite("An unreadable answer and a 5xx mean the same", suiteTimeLimit())
struct UnknownOutcomeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let mayHaveTakenEffect: Bool
        let call: @Sendable (JanuaryPartnerClient) async throws -> Void
        var testDescription: String { name }
    }

    struct Scan: Decodable {
        let detections: [String]
    }

    static func raw(_ method: JanuaryRequest.Method, _ replay: JanuaryReplayClass?) -> JanuaryRequest {
        var request = JanuaryRequest(
            method: method,
            path: "/v1.2/food-analysis/text",
            body: method == .get ? .empty : .data(Data(#"{"text":"a banana"}"#.utf8), contentType: "application/json")
        )
        if let replay {
            request.replay = replay
        }
        return request
    }

    static let cases: [Case] = [
        Case(name: "analyzeDescription, a POST that only reads", mayHaveTakenEffect: false) {
            _ = try await $0.foodAnalysis.analyzeDescription("a banana")
        },
        Case(name: "a raw POST stated safe", mayHaveTakenEffect: false) {
            _ = try await $0.send(raw(.post, .safe), decoding: Scan.self)
        },
        Case(name: "a raw POST left onceOnly", mayHaveTakenEffect: true) {
            _ = try await $0.send(raw(.post, nil), decoding: Scan.self)
        },
        Case(name: "a raw GET left onceOnly", mayHaveTakenEffect: true) {
            _ = try await $0.send(raw(.get, nil), decoding: Scan.self)
        },
        Case(name: "a raw POST stated never", mayHaveTakenEffect: true) {
            _ = try await $0.send(raw(.post, .never), decoding: Scan.self)
        },
    ]

    @Test("the same mayHaveTakenEffect for an unreadable 2xx and for a 503", arguments: cases)
    func sameAnswer(_ test: Case) async throws {
        let unreadable = try ScriptedClient([.ok("<html>maintenance</html>")]) { $0.retryPolicy = .none }
        let decoding = await #expect(throws: JanuaryError.self) { try await test.call(unreadable.client) }
        #expect(decoding?.category == .decoding)

        let unavailable = try ScriptedClient([.error(503, code: "service_unavailable")]) { $0.retryPolicy = .none }
        let server = await #expect(throws: JanuaryError.self) { try await test.call(unavailable.client) }
        #expect(server?.statusCode == 503)

        #expect(decoding?.mayHaveTakenEffect == test.mayHaveTakenEffect)
        #expect(server?.mayHaveTakenEffect == test.mayHaveTakenEffect)
        #expect(unreadable.transport.requests.count == 1)
        #expect(unavailable.transport.requests.count == 1)
    }
}
