import Foundation
import JanuaryPartnerSDK

/// `swift run -c release january-bench --check-release-build`: what only a build without `DEBUG` can show, run by
/// Scripts/fuzz.sh on the release build it makes for figure 4 anyway (a release build of the test targets just for
/// this took CI several minutes).
///
/// A development key is refused in a release build unless the partner opts in with
/// `allowsDevelopmentKeyInReleaseBuilds`; the rule itself, for both configurations, is tested in the suite
/// (`DevelopmentKeyReleaseBuildTests`), which runs in debug.
enum ReleaseBuildCheck {
    static func run() throws {
        #if DEBUG
        throw BenchError("--check-release-build needs a release build: swift run -c release january-bench …")
        #else
        // Nothing listens on port 9 of the loopback: the check sends nothing.
        let local = URL(string: "http://127.0.0.1:9")!
        do {
            _ = try JanuaryPartnerClient(developmentAPIKey: "sk-dev", configuration: .init(baseURL: local))
            throw BenchError("a development key was accepted in a release build without the opt-in")
        } catch let error as JanuaryError {
            guard error.code == "development_key_in_release_build" else {
                throw BenchError(
                    "a development key in a release build was refused with \(error.code ?? "no code"), not development_key_in_release_build"
                )
            }
            guard !String(describing: error).contains("sk-dev") else {
                throw BenchError("the refusal of a development key repeats the key")
            }
        }
        var optedIn = JanuaryPartnerClient.Configuration(baseURL: local)
        optedIn.allowsDevelopmentKeyInReleaseBuilds = true
        _ = try JanuaryPartnerClient(developmentAPIKey: "sk-dev", configuration: optedIn)
        print("release build: a development key is refused without the opt-in and allowed with it")
        #endif
    }
}
