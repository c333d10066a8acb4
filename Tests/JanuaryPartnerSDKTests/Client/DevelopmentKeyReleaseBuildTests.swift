import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDK
import Testing

@testable import JanuaryPartnerSDK

/// Development keys stay in development: refused in builds compiled without DEBUG unless opted in.
@Suite("Development keys in release builds", suiteTimeLimit())
struct DevelopmentKeyReleaseBuildTests {
    @Test(
        "a development key is allowed in debug builds, and in release builds only when opted in",
        arguments: [(true, false, true), (true, true, true), (false, true, true), (false, false, false)]
    )
    func rule(isDebugBuild: Bool, optedIn: Bool, allowed: Bool) {
        do {
            try JanuaryPartnerClient.checkDevelopmentKeyAllowed(
                isDebugBuild: isDebugBuild,
                allowsInReleaseBuilds: optedIn
            )
            #expect(allowed)
        } catch let error as JanuaryError {
            #expect(!allowed)
            #expect(error.category == .authentication)
            #expect(error.code == "development_key_in_release_build")
            #expect(error.message.contains("allowsDevelopmentKeyInReleaseBuilds"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// CI runs the suite in debug builds only, where `DEBUG` lets the key through; the `#else` branch runs under
    /// `swift test -c release`, and CI checks the same refusal with `january-bench --check-release-build`, which
    /// Scripts/fuzz.sh runs on its release build.
    @Test("this build's configuration decides")
    func thisBuild() throws {
        let local = URL(string: "http://127.0.0.1:9")!
        #if DEBUG
        _ = try JanuaryPartnerClient(developmentAPIKey: "sk-dev", configuration: .init(baseURL: local))
        #else
        let error = #expect(throws: JanuaryError.self) {
            try JanuaryPartnerClient(developmentAPIKey: "sk-dev", configuration: .init(baseURL: local))
        }
        #expect(error?.code == "development_key_in_release_build")
        var optedIn = JanuaryPartnerClient.Configuration(baseURL: local)
        optedIn.allowsDevelopmentKeyInReleaseBuilds = true
        _ = try JanuaryPartnerClient(developmentAPIKey: "sk-dev", configuration: optedIn)
        #endif
    }

    @Test("an empty key is an authentication error, a malformed one invalid input, whatever the build")
    func keyShape() async throws {
        let empty = #expect(throws: JanuaryError.self) { try JanuaryPartnerClient(developmentAPIKey: "  ") }
        #expect(empty?.category == .authentication)
        // A key is a credential: the refusal must not repeat it.
        try await requireRefusedLocally(code: "invalid_development_key", hiding: ["sk- dev"]) {
            _ = try JanuaryPartnerClient(developmentAPIKey: "sk- dev")
        }
    }
}
