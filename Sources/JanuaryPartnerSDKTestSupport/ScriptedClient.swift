// Our own tests' harness, which drives the loopback server: compiled out where JanuaryTestServer has none (watchOS,
// and the same shape under JANUARY_NO_LOOPBACK_SERVER), since our tests do not run there.
#if !os(watchOS) && !JANUARY_NO_LOOPBACK_SERVER
import Foundation
import JanuaryPartnerSDK

/// A client wired to a `ClosureTransport` that answers from a script, a manual clock, a counting provider and
/// an event recorder: for the client's rules (retries, refresh, error mapping) without a network or real time.
package struct ScriptedClient: Sendable {
    /// One scripted answer.
    package enum Answer: Sendable {
        /// An HTTP response.
        case response(JanuaryHTTPResponse)
        /// A failure without a response, as the transport throws it.
        case failure(JanuaryError)
    }

    package let clock: ManualClock
    package let events = TokenEventRecorder()
    package let provider: CountingProvider
    package let transport: ClosureTransport
    package let client: JanuaryPartnerClient
    private let script: Locked<[Answer]>

    /// Creates the client.
    ///
    /// - Parameters:
    ///   - answers: The answers, in order; once used up, every request gets `200 {}`.
    ///   - provider: The token provider; by default one that issues `ct-token-<n>` valid for an hour.
    ///   - configure: Changes to the configuration.
    /// - Throws: What the client's initializer throws for an unsafe configuration.
    package init(
        _ answers: [Answer] = [],
        provider: CountingProvider = CountingProvider { call in
            JanuaryClientToken(value: "ct-token-\(call)", expiresIn: 3_600)
        },
        configure: (inout JanuaryPartnerClient.Configuration) -> Void = { _ in }
    ) throws {
        let clock = ManualClock()
        let script = Locked(answers)
        let transport = ClosureTransport { _ in
            let next = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            switch next {
            case .response(let response):
                return response
            case .failure(let error):
                throw error
            case nil:
                return JanuaryHTTPResponse(statusCode: 200, body: Data("{}".utf8))
            }
        }
        var configuration = JanuaryPartnerClient.Configuration(baseURL: URL(string: "https://partners.january.test")!)
        configuration.clock = clock
        configuration.transport = transport
        configuration.onEvent = events.handler
        // No provider timeout: its timer would sleep on the manual clock too, and the tests count sleepers to
        // find the retry waits.
        configuration.tokenProviderTimeout = .infinity
        configure(&configuration)
        self.clock = clock
        self.provider = provider
        self.transport = transport
        self.script = script
        self.client = try JanuaryPartnerClient(
            clientTokenProvider: { try await provider() },
            configuration: configuration
        )
    }

    /// Appends answers to the script.
    package func enqueue(_ answers: Answer...) {
        script.withLock { $0.append(contentsOf: answers) }
    }

    /// The bearer credentials of the requests sent so far, in order.
    package var credentialsSent: [String?] {
        transport.requests.map { $0.headerFields["Authorization"] }
    }

    /// What has left the client so far, for `requireRefusedLocally(outbound:)`: the requests the transport was
    /// given and the calls to the token provider.
    package var outbound: [String] {
        transport.requests.map { "a request to \($0.url.path)" }
            + Array(repeating: "a call to the token provider", count: provider.callCount)
    }
}

extension ScriptedClient.Answer {
    /// A JSON error answer in January's shape.
    package static func error(
        _ status: Int,
        code: String,
        message: String = "Scripted.",
        headers: JanuaryHTTPHeaderFields = [:]
    ) -> ScriptedClient.Answer {
        var fields = headers
        fields["Content-Type"] = "application/json"
        return .response(
            JanuaryHTTPResponse(
                statusCode: status,
                headerFields: fields,
                body: Data(#"{"code":"\#(code)","message":"\#(message)"}"#.utf8)
            )
        )
    }

    /// A `200` with a JSON body.
    package static func ok(_ json: String = "{}") -> ScriptedClient.Answer {
        .response(
            JanuaryHTTPResponse(
                statusCode: 200, headerFields: ["Content-Type": "application/json"], body: Data(json.utf8))
        )
    }
}
#endif
