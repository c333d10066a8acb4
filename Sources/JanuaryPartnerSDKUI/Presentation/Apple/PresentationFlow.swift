#if os(iOS) && canImport(UIKit)
import UIKit

/// What a screen inside a ``PresentationHost`` uses to end the awaited presentation or hand over to the next
/// screen. It holds the host weakly: once the host is gone, its release has already answered the caller.
@MainActor
struct PresentationFlow<Outcome: Sendable> {
    let completion: PresentationCompletion<Outcome>
    weak var host: PresentationHost?

    /// The screen's outcome: the first one is the caller's answer, once the host is dismissed.
    func report(_ outcome: Outcome) {
        if completion.send(.reported(outcome)) {
            host?.dismissFromScreen()
        }
    }

    /// Replaces the current screen by `controller` in the same host, unless the presentation is ending.
    func show(_ controller: UIViewController) {
        guard completion.isStaying else {
            return
        }
        host?.show(controller)
    }
}
#endif
