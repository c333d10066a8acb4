#if os(iOS) && canImport(UIKit)
import UIKit

/// The full-screen controller that `JanuaryMealLogger` presents: it shows one screen at a time (voice capture or
/// the scanner, then the review sheet in its place, with no second presentation between them), cannot be swiped
/// away, and says when it has left for good, however it left.
@MainActor
final class PresentationHost: UIViewController {
    private let animated: Bool
    /// Sends `PresentationStateMachine.Event.dismissed`; the machine ignores every call after the first.
    private let onGone: @Sendable () -> Void
    private var content: UIViewController?

    init(animated: Bool, onGone: @escaping @Sendable () -> Void) {
        self.animated = animated
        self.onGone = onGone
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .fullScreen
        isModalInPresentation = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        nil
    }

    // Released without a dismissal we saw (a presentation UIKit refused, a presenter torn down): still gone.
    deinit {
        onGone()
    }

    override var childForStatusBarStyle: UIViewController? {
        content
    }

    override var childForHomeIndicatorAutoHidden: UIViewController? {
        content
    }

    /// Shows `controller` in place of the current screen, which leaves as a child moving from its parent (the
    /// scanner's and the sheet's dismissal observers see that; both are done by then and ignore it).
    func show(_ controller: UIViewController) {
        if let content {
            content.willMove(toParent: nil)
            content.view.removeFromSuperview()
            content.removeFromParent()
        }
        addChild(controller)
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(controller.view)
        controller.didMove(toParent: self)
        content = controller
        setNeedsStatusBarAppearanceUpdate()
    }

    /// Dismisses the host and anything presented over it, then says it is gone. A dismissal already under way
    /// (someone else's) ends in `viewDidDisappear`, which says so.
    func dismissFromScreen() {
        guard let presenter = presentingViewController else {
            onGone()
            return
        }
        guard !isBeingDismissed else {
            return
        }
        let onGone = onGone
        presenter.dismiss(animated: animated) { onGone() }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Disappearing is not always leaving: a full-screen controller presented over the host hides it too. Once
        // this transition's callbacks have all run (the review sheet reports its cancel in one of its children's),
        // a host with no presenter has left.
        Task { @MainActor [weak self] in
            guard let self, self.presentingViewController == nil else {
                return  // released (deinit said so), or still presented
            }
            self.onGone()
        }
    }
}
#endif
