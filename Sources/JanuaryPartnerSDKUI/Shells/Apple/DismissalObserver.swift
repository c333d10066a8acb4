#if os(iOS) && canImport(UIKit) && canImport(SwiftUI)
import SwiftUI
import UIKit

/// Tells the scanner when it leaves for good (a sheet swiped away, a full-screen cover dismissed, a navigation
/// pop) rather than for a while (a tab switch, something presented over it): SwiftUI's `onDisappear` says only that
/// it disappeared. A view controller placed in the scanner's hierarchy sees, when it disappears, whether it or one
/// of its ancestors is being dismissed or moved out of its parent.
struct DismissalObserver: UIViewControllerRepresentable {
    let onDismiss: @MainActor () -> Void

    func makeUIViewController(context: Context) -> Controller {
        Controller(onDismiss: onDismiss)
    }

    func updateUIViewController(_ controller: Controller, context: Context) {
        controller.onDismiss = onDismiss
    }

    final class Controller: UIViewController {
        var onDismiss: @MainActor () -> Void

        init(onDismiss: @escaping @MainActor () -> Void) {
            self.onDismiss = onDismiss
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            nil
        }

        override func loadView() {
            let view = UIView()
            view.isUserInteractionEnabled = false
            view.isAccessibilityElement = false
            self.view = view
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            var controller: UIViewController? = self
            while let current = controller {
                if current.isBeingDismissed || current.isMovingFromParent {
                    onDismiss()
                    return
                }
                controller = current.parent
            }
        }
    }
}
#endif
