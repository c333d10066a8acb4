import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryTestSupport
import Testing

@Suite("No token in any event, description or dump")
struct RedactionTests {
    static let secretPrefix = "SECRET-9f8e7d"

    static func dumped(_ value: some Any) -> String {
        var output = ""
        dump(value, to: &output)
        return output
    }

    @Test func credentialDescriptionsAndMirrorRedactTheValue() {
        let credential = Credential(
            value: Self.secretPrefix,
            generation: 4,
            isRefreshable: true,
            expiresAt: ManualClock.defaultStart
        )
        let renderings = [
            credential.description,
            credential.debugDescription,
            String(describing: credential),
            String(reflecting: credential),
            "\(credential)",
            Self.dumped(credential),
            Self.dumped([credential]),
        ]
        for rendering in renderings {
            #expect(!rendering.contains(Self.secretPrefix))
            #expect(rendering.contains(Redaction.placeholder))
        }
        #expect(credential.description.contains("generation: 4"))
        let mirrored = Mirror(reflecting: credential).children.first { $0.label == "value" }
        #expect(mirrored.map { "\($0.value)" } == Redaction.placeholder)
    }

    @Test func aFullSessionEmitsEveryKindOfEventAndNoneContainsAToken() async throws {
        let clock = ManualClock()
        let probe = TokenProviderProbe(
            clock: clock,
            tokenPrefix: Self.secretPrefix,
            script: [
                .issue(lifetime: 3600),
                .fail(JanuaryError.network("down")),
                .issue(lifetime: 3600),
                .suspend,
            ]
        )
        let events = TokenEventRecorder()
        let coordinator = TokenCoordinator(
            provider: probe.provider,
            configuration: .init(backoff: .none),
            clock: clock,
            onEvent: events.handler
        )
        var secrets: [String] = []
        let first = try await coordinator.credential()
        secrets.append(first.value)
        let failure = await #expect(throws: JanuaryError.self) { try await coordinator.invalidate(first) }
        let second = try await coordinator.credential()
        secrets.append(second.value)
        clock.advance(by: 3_600)
        let pending = Task { try await coordinator.credential() }
        await probe.waitForSuspendedCalls(1)
        coordinator.reset()
        _ = await pending.result

        let kinds = Set(events.events.map(\.kind))
        #expect(kinds == [.providerCallStarted, .providerCallFinished, .tokenInvalidated, .coordinatorReset])
        #expect(events.events(.providerCallStarted).map(\.attempt) == [1, 2, 3, 4])
        #expect(events.events(.providerCallFinished).map(\.outcome) == [nil, .tokenProvider, nil, .cancelled])
        let renderings =
            events.events.flatMap { [$0.description, String(reflecting: $0), Self.dumped($0)] }
            + [failure.map(String.init(describing:)) ?? ""]
        for secret in secrets {
            #expect(secret.hasPrefix(Self.secretPrefix))
            for rendering in renderings {
                #expect(!rendering.contains(secret))
            }
        }
    }

    @Test func eventsAreDeliveredInOrderOutsideTheLock() async throws {
        let box = Locked<TokenCoordinator?>(nil)
        let seen = Locked<[JanuaryTokenEvent.Kind]>([])
        let coordinator = TokenCoordinator(
            provider: { JanuaryClientToken(value: "t", expiresAt: .distantFuture) },
            clock: ManualClock(),
            onEvent: { event in
                seen.withLock { $0.append(event.kind) }
                // Calling back in from the callback must not deadlock: the lock is not held here.
                if event.kind == .providerCallFinished {
                    box.withLock { $0 }?.reset()
                }
            }
        )
        box.withLock { $0 = coordinator }
        _ = try await coordinator.credential()
        #expect(seen.withLock { $0 } == [.providerCallStarted, .providerCallFinished, .coordinatorReset])
    }
}
