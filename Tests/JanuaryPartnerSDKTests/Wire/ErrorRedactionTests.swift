import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import Testing

@testable import JanuaryPartnerSDK

/// A token echoed by a server in the error's code or request ID must not reach a log: they are redacted like the
/// message, in every rendering of the error.
@Suite("Credentials echoed in an error response", suiteTimeLimit())
struct ErrorRedactionTests {
    static let secrets = ["ct-live-ECHOED123", "sk-live-ECHOED456"]

    @Test("a code or request ID shaped like a key or token is redacted", arguments: secrets)
    func echoedCredential(secret: String) async throws {
        let harness = try ScriptedClient()
        harness.enqueue(
            .error(400, code: secret, message: "bad \(secret)", headers: ["x-request-id": "req-\(secret)"])
        )
        let error = try #require(
            await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) })
        var dumped = ""
        dump(error, to: &dumped)
        let renderings = [
            error.description, error.debugDescription, error.localizedDescription, dumped, String(reflecting: error),
            error.code?.rawValue ?? "", error.requestID ?? "", error.message,
        ]
        for rendering in renderings {
            #expect(!rendering.contains("ECHOED"), "\(rendering)")
        }
        #expect(error.requestID == "req-<redacted>")
        #expect(error.category == .invalidInput && error.statusCode == 400)
    }

    @Test("ordinary codes and request IDs are kept as they are")
    func ordinaryValues() async throws {
        let harness = try ScriptedClient()
        harness.enqueue(.error(400, code: "invalid_request", headers: ["x-request-id": "req_ct_1-sk"]))
        let error = await #expect(throws: JanuaryError.self) { try await harness.client.send(.autocomplete) }
        #expect(error?.code == "invalid_request")
        #expect(error?.requestID == "req_ct_1-sk")
    }
}

/// A control or invisible character next to a credential is removed from the message, and must not take the
/// credential's word boundary with it: after removal, `req\0sk-…` reads `reqsk-…`, which no longer starts a key.
@Suite("Credentials beside removed characters", suiteTimeLimit())
struct HiddenBoundaryRedactionTests {
    @Test(
        "a credential that a control or format character starts or splits is redacted",
        arguments: [
            "req\u{0}sk-HIDDENLEAK123", "id\u{7}ct-HIDDENLEAK456", "a\u{200B}sk-HIDDENLEAK789",
            "x\u{202E}ct-HIDDENLEAKabc", "s\u{0}k-HIDDENLEAKdef",
        ]
    )
    func hiddenBoundary(message: String) throws {
        let cleaned = try #require(ErrorMessageSanitizer.clean("rejected \(message) today"))
        #expect(!cleaned.contains("HIDDENLEAK"), "\(cleaned)")
        #expect(cleaned.contains("<redacted>"))
    }
}
