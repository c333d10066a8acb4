import JanuaryCore

/// One provider call in progress, as seen by the re-entrancy check.
///
/// A provider that asks its own coordinator for a credential would wait for the very fetch it is part of,
/// forever. The provider runs with a marker for its coordinator in ``ProviderCallContext/markers``, and the
/// coordinator refuses requests made inside it. Task-local values are inherited by tasks the provider starts
/// (a sync loop, a prefetch), which may outlive the call; so the marker is a reference whose ``isRunning`` turns
/// false as soon as the provider returns, and a marker that is no longer running refuses nothing.
final class ProviderCallMarker: Sendable {
    let coordinator: UInt64
    private let running = Locked(true)

    init(coordinator: UInt64) {
        self.coordinator = coordinator
    }

    /// Whether the provider call is still running.
    var isRunning: Bool {
        running.withLock { $0 }
    }

    /// The provider call returned.
    func finish() {
        running.withLock { $0 = false }
    }
}

/// The provider calls the current task is running inside of.
enum ProviderCallContext {
    // Spelled as the `TaskLocal` value the `@TaskLocal` macro expands to: the older property-wrapper form (the
    // Swift 5.10 standard library of Xcode 15's SDKs) makes `static var` a mutable global in Swift 6 mode, and a
    // `static let` compiles with both.
    static let markers = TaskLocal<[ProviderCallMarker]>(wrappedValue: [])

    /// The markers of calls still running, to carry into a fetch task this task starts: a cycle through a
    /// second coordinator (A's provider waits for B, whose provider asks A) is refused too.
    static var runningMarkers: [ProviderCallMarker] {
        markers.get().filter(\.isRunning)
    }
}
