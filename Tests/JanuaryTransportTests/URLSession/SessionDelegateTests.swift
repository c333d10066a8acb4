import Foundation
import JanuaryCore
import Testing

@testable import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate's answers that no loopback exchange reaches on every platform: the challenge disposition, and the
/// refusal to provide a body stream a second time.
@Suite("SessionDelegate's direct answers", suiteTimeLimit())
struct SessionDelegateTests {
    /// A sender the challenges below need and never use: the delegate answers through its completion handler.
    final class UnusedSender: NSObject, URLAuthenticationChallengeSender, Sendable {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    static func challenge(method: String) -> URLAuthenticationChallenge {
        URLAuthenticationChallenge(
            protectionSpace: URLProtectionSpace(
                host: "partners.january.test", port: 443, protocol: "https", realm: "x", authenticationMethod: method),
            proposedCredential: nil,
            previousFailureCount: 0,
            failureResponse: nil,
            error: nil,
            sender: UnusedSender()
        )
    }

    @Test(
        "a server's request for credentials is declined without one, whatever its scheme",
        arguments: [
            NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
            NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault,
        ]
    )
    func credentialChallengesAreDeclined(method: String) {
        #expect(SessionDelegate.disposition(for: Self.challenge(method: method)) == .rejectProtectionSpace)
    }

    @Test("a task that asks for its body stream again gets none, so a one-shot body is never sent in part")
    func noSecondBodyStream() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URL(string: "https://partners.january.test/v1.2/foods")!)
        let delegate = SessionDelegate(calls: SessionCallQueue())
        let provided = Locked<[Bool]>([])
        delegate.urlSession(session, task: task) { stream in
            provided.withLock { $0.append(stream != nil) }
        }
        #expect(provided.withLock { $0 } == [false])
    }
}
