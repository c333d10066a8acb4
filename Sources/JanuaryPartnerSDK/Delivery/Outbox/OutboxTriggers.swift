import Foundation

#if canImport(Network)
import Network
#endif

/// The moments worth a delivery attempt besides an enqueue and the back-off's timer: a usable network path
/// appearing (`NWPathMonitor`, on Apple platforms) and the app becoming active. Each calls `fire`, which ends the
/// back-off; on Linux there are none.
final class OutboxTriggers: Sendable {
    #if canImport(Network)
    private let monitor: NWPathMonitor?
    #endif
    private let observers: ObserverTokens

    /// The notifications an app posts when it becomes active, by name so that this module needs no UI framework:
    /// UIKit's (iOS, tvOS, visionOS, Mac Catalyst), AppKit's and WatchKit's.
    static let becameActive = [
        "UIApplicationDidBecomeActiveNotification",
        "NSApplicationDidBecomeActiveNotification",
        "WKApplicationDidBecomeActiveNotification",
    ]

    /// Starts watching.
    ///
    /// - Parameter fire: Called on a queue of the system's when a trigger happens; it must not block.
    init(fire: @escaping @Sendable () -> Void) {
        #if canImport(Network)
        let monitor = NWPathMonitor()
        monitor.pathUpdateHandler = { path in
            if path.status == .satisfied {
                fire()
            }
        }
        monitor.start(queue: DispatchQueue(label: "ai.january.partner-sdk.outbox.path"))
        self.monitor = monitor
        #endif
        #if canImport(Darwin)
        observers = ObserverTokens(
            tokens: Self.becameActive.map { name in
                NotificationCenter.default.addObserver(forName: Notification.Name(name), object: nil, queue: nil) { _ in
                    fire()
                }
            })
        #else
        observers = ObserverTokens(tokens: [])
        #endif
    }

    /// Stops watching; calling it again does nothing.
    func stop() {
        #if canImport(Network)
        monitor?.cancel()
        #endif
        for observer in observers.tokens {
            NotificationCenter.default.removeObserver(observer)
        }
    }

    /// The notification center's observer tokens.
    ///
    /// `@unchecked Sendable` because the tokens are opaque objects that are never read or changed: they are only
    /// handed back to `NotificationCenter.removeObserver(_:)`, which may be called from any thread.
    private struct ObserverTokens: @unchecked Sendable {
        let tokens: [any NSObjectProtocol]
    }
}
