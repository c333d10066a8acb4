// swift-tools-version: 6.2
import PackageDescription

// The SDK is four stacked layers. Each library may depend only on the layers listed before it:
// JanuaryCore <- JanuaryAuth, JanuaryCore <- JanuaryTransport, and JanuaryPartnerSDK joins both; the iOS scanner,
// JanuaryPartnerSDKUI, and Apple Health, JanuaryPartnerSDKHealth, each sit on JanuaryPartnerSDK alone.
// Everything else (the loopback server, test support, the example, the benchmarks) sits beside them.
let package = Package(
    name: "january-partner-sdk",
    defaultLocalization: "en",
    // These are the first releases where async URLSession exists; do not raise them to get newer APIs.
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "JanuaryPartnerSDK", targets: ["JanuaryPartnerSDK"]),
        .library(name: "JanuaryPartnerSDKUI", targets: ["JanuaryPartnerSDKUI"]),
        .library(name: "JanuaryPartnerSDKHealth", targets: ["JanuaryPartnerSDKHealth"]),
        .library(name: "JanuaryCore", targets: ["JanuaryCore"]),
        .library(name: "JanuaryAuth", targets: ["JanuaryAuth"]),
        .library(name: "JanuaryTransport", targets: ["JanuaryTransport"]),
        .library(name: "JanuaryTestServer", targets: ["JanuaryTestServer"]),
        .library(name: "JanuaryPartnerSDKTesting", targets: ["JanuaryPartnerSDKTesting"]),
        .executable(name: "january-example", targets: ["JanuaryExample"]),
        .executable(name: "january-bench", targets: ["JanuaryBenchmarks"]),
    ],
    targets: [
        // Layer 1: errors, identifiers, token and key types.
        .target(name: "JanuaryCore"),
        // Layer 2: the token cache and refresh coordinator.
        .target(name: "JanuaryAuth", dependencies: ["JanuaryCore"]),
        // Layer 2: HTTP over URLSession, challenge parsing, replay rules, redaction.
        .target(name: "JanuaryTransport", dependencies: ["JanuaryCore"]),
        // Layer 3: the client facade partners import.
        // Its privacy manifest ships in the resource bundle, where Xcode's privacy report finds it.
        .target(
            name: "JanuaryPartnerSDK",
            dependencies: ["JanuaryCore", "JanuaryAuth", "JanuaryTransport"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Layer 4: the meal and barcode scanner, thin SwiftUI/UIKit shells around a state machine; only the facade.
        // Its English strings are a resource, so partners can add their own languages.
        .target(
            name: "JanuaryPartnerSDKUI",
            dependencies: ["JanuaryPartnerSDK"],
            resources: [.process("Resources")]
        ),
        // Layer 4: Apple Health both ways (logs mirrored into HealthKit, CGM history for predictions), pure mapping and
        // selection logic with a thin HealthKit shell; only the facade.
        .target(name: "JanuaryPartnerSDKHealth", dependencies: ["JanuaryPartnerSDK"]),

        // Beside the layers: the January simulator and a loopback HTTP/1.1 server for tests, the example and
        // partners' own tests. It imports none of the SDK's modules.
        .target(name: "JanuaryTestServer"),

        // Test support, layered like the libraries so that each library's tests build nothing above it. What partners
        // use is in the `…Testing` targets; what only our own tests use (scripted providers, event recorders, gates,
        // client harnesses) is in the `…TestSupport` targets, which are not products, so that partners never
        // compile it.
        // Core level: the one deadline mechanism every test wait uses (and `WaitTimeoutError`, which partners see).
        .target(name: "JanuaryCoreTesting", dependencies: ["JanuaryCore"]),
        // Auth level: `ManualClock`, the fake `JanuaryClock`; partners get it through JanuaryPartnerSDKTesting.
        .target(name: "JanuaryAuthTesting", dependencies: ["JanuaryAuth", "JanuaryCoreTesting"]),
        // Auth level, our own tests only: the coordinator harness, the provider probe, event recorders, gates.
        .target(
            name: "JanuaryAuthTestSupport", dependencies: ["JanuaryAuth", "JanuaryAuthTesting", "JanuaryCoreTesting"]),
        // Beside the layers: what a partner needs to unit-test code that uses the client (a manual clock, a
        // closure-backed transport, the simulator in process); a product.
        .target(
            name: "JanuaryPartnerSDKTesting",
            dependencies: ["JanuaryPartnerSDK", "JanuaryAuthTesting", "JanuaryTestServer"]
        ),
        // SDK level, our own tests only: client harnesses over loopback and in process, a scripted client, the
        // process's resources for the soak test.
        .target(
            name: "JanuaryPartnerSDKTestSupport",
            dependencies: [
                "JanuaryPartnerSDK", "JanuaryPartnerSDKTesting", "JanuaryAuthTestSupport", "JanuaryTestServer",
            ]
        ),
        // Every test target's shared traits (the suite time limit); imports Testing and nothing of ours, so every
        // layer's tests may link it. Not a product.
        .target(name: "JanuaryTestTraits"),
        .executableTarget(name: "JanuaryExample", dependencies: ["JanuaryPartnerSDK", "JanuaryTestServer"]),
        // The child process of the crash tests, which run it and kill it with SIGKILL at random moments; not a product,
        // so it may use our own test support (the crash script).
        .executableTarget(
            name: "JanuaryCrashChild", dependencies: ["JanuaryPartnerSDK", "JanuaryPartnerSDKTestSupport"]),
        .executableTarget(
            name: "JanuaryBenchmarks",
            dependencies: [
                "JanuaryPartnerSDK", "JanuaryAuth", "JanuaryTransport", "JanuaryTestServer", "JanuaryPartnerSDKTesting",
            ]
        ),

        // Each library's tests depend on it, the layers below it and test support of those layers only;
        // Scripts/layers.sh checks it.
        .testTarget(
            name: "JanuaryCoreTests", dependencies: ["JanuaryCore", "JanuaryCoreTesting", "JanuaryTestTraits"]),
        .testTarget(
            name: "JanuaryAuthTests",
            dependencies: ["JanuaryAuth", "JanuaryAuthTesting", "JanuaryAuthTestSupport", "JanuaryTestTraits"]
        ),
        .testTarget(name: "JanuaryAuthTestingTests", dependencies: ["JanuaryAuthTesting", "JanuaryTestTraits"]),
        .testTarget(
            name: "JanuaryTransportTests",
            dependencies: ["JanuaryTransport", "JanuaryTestServer", "JanuaryCoreTesting", "JanuaryTestTraits"]
        ),
        .testTarget(
            name: "JanuaryTestServerTests",
            dependencies: ["JanuaryTestServer", "JanuaryCoreTesting", "JanuaryTestTraits"]
        ),
        .testTarget(
            name: "JanuaryPartnerSDKUITests",
            dependencies: [
                "JanuaryPartnerSDKUI", "JanuaryPartnerSDK", "JanuaryPartnerSDKTesting", "JanuaryTestServer",
                "JanuaryCoreTesting", "JanuaryTestTraits",
            ]
        ),
        .testTarget(
            name: "JanuaryPartnerSDKHealthTests",
            dependencies: [
                "JanuaryPartnerSDKHealth", "JanuaryPartnerSDK", "JanuaryPartnerSDKTesting", "JanuaryTestServer",
                "JanuaryCoreTesting", "JanuaryTestTraits",
            ]
        ),
        .testTarget(
            name: "JanuaryPartnerSDKTests",
            dependencies: [
                "JanuaryPartnerSDK", "JanuaryPartnerSDKTesting", "JanuaryPartnerSDKTestSupport", "JanuaryTestServer",
                "JanuaryTestTraits",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language rules that change no behaviour, only what the compiler accepts: every existential is spelled
// `any`, and a member is used only from a module the file imports. Scripts/apple-typecheck.sh passes the same.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
