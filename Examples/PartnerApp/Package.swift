// swift-tools-version: 6.2
import PackageDescription

// A partner's app, reduced to the code that talks to January, with the tests a partner would write for it.
// It depends on the SDK exactly as a partner does, by its package identity `january-partner-sdk`; the
// `Vendor/january-partner-sdk` symbolic link points at this repository so that CI builds the SDK as it is.
let package = Package(
    name: "PartnerApp",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [
        .package(path: "Vendor/january-partner-sdk")
    ],
    targets: [
        // Another networking library's names (`HTTPMethod`, `HTTPHeaderFields`), as Alamofire declares them, so that
        // NameClashTests proves the SDK imports cleanly beside it.
        .target(name: "NetworkingNeighbour"),
        .target(
            name: "PartnerApp",
            dependencies: [.product(name: "JanuaryPartnerSDK", package: "january-partner-sdk")]
        ),
        // The app's "log a meal" screen around January's scanner, with a bundled still photo so that it runs in the
        // simulator and in previews without a camera, and its "say a meal" screen around voice capture, with a
        // spoken sentence standing in for the microphone.
        .target(
            name: "PartnerAppScanner",
            dependencies: [
                .product(name: "JanuaryPartnerSDK", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKUI", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKTesting", package: "january-partner-sdk"),
                .product(name: "JanuaryTestServer", package: "january-partner-sdk"),
            ],
            resources: [.copy("Resources/breakfast-plate.png")]
        ),
        .testTarget(
            name: "PartnerAppTests",
            dependencies: [
                "PartnerApp", "PartnerAppScanner", "NetworkingNeighbour",
                .product(name: "JanuaryPartnerSDKUI", package: "january-partner-sdk"),
                .product(name: "JanuaryPartnerSDKTesting", package: "january-partner-sdk"),
                .product(name: "JanuaryTestServer", package: "january-partner-sdk"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// As a partner may build: a member is usable only from a module the file imports, so the SDK's re-exports must carry
// every member a partner touches.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
