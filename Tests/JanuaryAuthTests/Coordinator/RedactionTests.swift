import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@testable import JanuaryAuth

@Suite("No token in any event, error, description or dump", suiteTimeLimit())
struct RedactionTests {
    static let secretPrefix = "SECRET-9f8e7d"

    static func renderings(of value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test func credentialDescriptionsAndMirrorRedactTheValue() {
        let credential = Credential(
            value: Self.secretPrefix,
            generation: 4,
            epoch: 2,
            isRefreshable: true,
            expiresAt: ManualClock.defaultStart
        )
        for rendering in Self.renderings(of: credential) + Self.renderings(of: [credential]) + [
            credential.debugDescription
        ] {
            #expect(!rendering.contains(Self.secretPrefix))
            #expect(rendering.contains(Redaction.placeholder))
        }
        #expect(credential.description.contains("generation: 4") && credential.description.contains("epoch: 2"))
        let mirrored = Mirror(reflecting: credential).children.first { $0.label == "value" }
        #expect(mirrored.map { "\($0.value)" } == Redaction.placeholder)
    }

    @Test(arguments: [
        JanuaryClientToken(value: secretPrefix, expiresIn: 3600),
        JanuaryClientToken(value: secretPrefix, expiresAt: ManualClock.defaultStart),
    ])
    func aClientTokenNeverPrintsItsValue(token: JanuaryClientToken) {
        for rendering in Self.renderings(of: token) + [token.debugDescription] {
            #expect(!rendering.contains(Self.secretPrefix) && rendering.contains(Redaction.placeholder))
        }
    }

    @Test func aFullSessionEmitsEveryKindOfEventAndNoneContainsAToken() async throws {
        let harness = CoordinatorHarness(tokenPrefix: Self.secretPrefix)
        let coordinator = harness.coordinator
        var credentials: [Credential] = []
        var errors: [JanuaryError] = []

        credentials.append(try await withDeadline("a token") { try await coordinator.credential() })
        for _ in 0..<3 {
            let rejected = try #require(credentials.last)
            switch try await result(of: Task { try await coordinator.invalidate(rejected) }) {
            case .success(let credential):
                credentials.append(credential)
            case .failure(let error):
                errors.append(try #require(error as? JanuaryError))
            }
        }
        harness.clock.advance(by: 30)
        let trial = try await withDeadline("the trial token") { try await coordinator.credential() }
        credentials.append(trial)
        coordinator.accepted(trial)
        harness.probe.enqueue(.fail(BackendUnavailable()))
        harness.clock.advance(by: 3_540)
        if let failure = try await result(of: Task { try await coordinator.credential() }).januaryError {
            errors.append(failure)
        }
        coordinator.reset()
        if let signedOut = try await result(of: Task { try await coordinator.invalidate(trial) }).januaryError {
            errors.append(signedOut)
        }

        try await harness.events.waitForEvents(of: .tokenCacheCleared)
        let events = harness.events.events
        #expect(
            Set(events.map(\.kind)) == [
                .providerCallStarted, .providerCallFinished, .tokenInvalidated, .circuitBreakerOpened,
                .circuitBreakerClosed, .tokenCacheCleared,
            ]
        )
        #expect(credentials.count == 4 && errors.count == 3)
        let renderings =
            events.flatMap { Self.renderings(of: $0) } + errors.flatMap { Self.renderings(of: $0) }
            + credentials.flatMap { Self.renderings(of: $0) }
        for credential in credentials {
            #expect(credential.value.hasPrefix(Self.secretPrefix))
        }
        #expect(renderings.allSatisfy { !$0.contains(Self.secretPrefix) })
    }
}
