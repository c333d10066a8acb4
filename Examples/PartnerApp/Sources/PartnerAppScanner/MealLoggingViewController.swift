#if os(iOS) && canImport(UIKit)
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import UIKit

/// The partner app's UIKit "log a meal" screen: each button is one `try await JanuaryMealLogger` call that presents
/// voice capture or the scanner, then the review sheet, and returns how the sheet ended. With the stand-in
/// microphone and camera of ``VoiceExample`` and ``ScannerExample`` it runs in the simulator; a real app passes
/// `.device`.
public final class MealLoggingViewController: UIViewController {
    private let user: JanuaryUserClient
    private let microphone: VoiceCaptureMicrophone
    private let camera: MealScannerCamera
    private let status = UILabel()
    /// The call under way: one at a time. It is not cancelled when this screen disappears, since the screen it
    /// presents full screen makes this one disappear too.
    private var logging: Task<Void, Never>?

    /// Creates the screen.
    public init(user: JanuaryUserClient, microphone: VoiceCaptureMicrophone, camera: MealScannerCamera) {
        self.user = user
        self.microphone = microphone
        self.camera = camera
        super.init(nibName: nil, bundle: nil)
        title = "Log a meal"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        nil
    }

    override public func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        status.text = "Nothing logged yet."
        status.numberOfLines = 0
        status.textAlignment = .center
        status.font = .preferredFont(forTextStyle: .body)
        status.adjustsFontForContentSizeCategory = true
        let say = UIButton(
            type: .system,
            primaryAction: UIAction(title: "Say what you ate") { [weak self] _ in
                self?.sayMeal()
            })
        let scan = UIButton(
            type: .system,
            primaryAction: UIAction(title: "Photograph a meal") { [weak self] _ in
                self?.scanMeal()
            })
        let stack = UIStackView(arrangedSubviews: [status, say, scan])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    private func sayMeal() {
        let (user, microphone) = (user, microphone)
        log { presenter in
            try await JanuaryMealLogger.presentVoiceCapture(user: user, microphone: microphone, from: presenter)
        }
    }

    private func scanMeal() {
        let (user, camera) = (user, camera)
        log { presenter in
            try await JanuaryMealLogger.presentScanner(user: user, camera: camera, from: presenter)
        }
    }

    /// Runs one call at a time, and shows how its sheet ended.
    private func log(_ call: @escaping @MainActor (UIViewController) async throws -> MealReviewOutcome) {
        guard logging == nil else {
            return
        }
        logging = Task {
            defer { logging = nil }
            do {
                status.text = MealLoggingExample.summary(of: try await call(self))
            } catch {
                // A configuration error (an Info.plist key) or a presentation error: the developer's to fix.
                status.text = "\(error)"
            }
        }
    }
}
#endif
