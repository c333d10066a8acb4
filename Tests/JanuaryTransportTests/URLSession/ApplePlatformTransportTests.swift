import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryTestServer
import Testing

@testable import JanuaryTransport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSessionHTTPTransport: what only Apple platforms would otherwise get wrong", suiteTimeLimit())
struct ApplePlatformTransportTests {
    /// A background configuration: `background(withIdentifier:)` on Apple platforms; on Linux, which has no
    /// background sessions, an ephemeral one with the identifier set, which is what the transport looks at.
    private static func backgroundConfiguration() -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.identifier = "ai.january.tests.background"
        return configuration
        #else
        return URLSessionConfiguration.background(withIdentifier: "ai.january.tests.background")
        #endif
    }

    @Test("a background configuration is refused before any I/O: Apple never asks it about redirects")
    func backgroundConfigurationRefused() async throws {
        let server = try LoopbackHTTPServer { _ in .text("reached") }
        defer { server.shutdown() }
        let transport = URLSessionHTTPTransport(configuration: Self.backgroundConfiguration())
        defer { transport.shutdown() }

        try await requireRefusedLocally(
            code: "background_session_unsupported", outbound: server.receivedRequests.map(\.path)
        ) {
            _ = try await result(of: Task { try await transport.send(JanuaryHTTPRequest(url: server.baseURL)) }).get()
        }
        #expect(URLSessionHTTPTransport.refusal(of: .ephemeral) == nil)
        #expect(URLSessionHTTPTransport.refusal(of: .default) == nil)
    }

    @Test("URLError -1022 (App Transport Security) is a network error that says how to allow the simulator")
    func appTransportSecurity() {
        let error = URLErrorMapping.networkError(for: URLError(.appTransportSecurityRequiresSecureConnection))
        #expect(error.category == .network)
        #expect(error.message.contains("App Transport Security"))
        #expect(error.message.contains("NSAllowsLocalNetworking"))
        #expect((error.underlyingError as? URLError)?.code.rawValue == -1022)
    }
}
