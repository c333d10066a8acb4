import Foundation
import JanuaryCoreTesting
import Testing

@testable import JanuaryPartnerSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession configuration the client builds for its own transport.
@Suite("The client's own URLSession configuration", suiteTimeLimit())
struct SessionConfigurationTests {
    @Test(
        "timeoutIntervalForResource, the only bound on a wait for connectivity, is the longest exchange, not 7 days",
        arguments: [
            (60.0, nil, 120.0), (300, nil, 300), (60, 30, 30), (60, 3_600, 120), (5, nil, 120),
        ] as [(TimeInterval, TimeInterval?, TimeInterval)]
    )
    func resourceTimeout(requestTimeout: TimeInterval, hookResource: TimeInterval?, expected: TimeInterval) {
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.requestTimeout = requestTimeout
        if let hookResource {
            configuration.configureSession = { $0.timeoutIntervalForResource = hookResource }
        }
        let session = configuration.makeURLSessionConfiguration()
        #expect(session.timeoutIntervalForResource == expected)
        #expect(session.timeoutIntervalForRequest == requestTimeout)
    }

    #if canImport(FoundationNetworking)
    // Apple's `identifier` is read-only, so there a hook cannot make the client's session a background one; on
    // Linux it can be set, and the client must refuse it when it is created rather than fail every request.
    @Test("a session hook that makes the session a background one is refused when the client is created")
    func backgroundSessionRefused() async throws {
        var configuration = JanuaryPartnerClient.Configuration()
        configuration.configureSession = { $0.identifier = "ai.january.tests.background" }
        try await requireRefusedLocally(code: "background_session_unsupported") {
            _ = try JanuaryPartnerClient(
                clientTokenProvider: { JanuaryClientToken(value: "ct-never-used", expiresIn: 1_800) },
                configuration: configuration
            )
        }
    }
    #endif
}
