#if os(iOS) && canImport(AVFoundation) && canImport(PhotosUI) && canImport(Vision) && canImport(Speech)
import Foundation
import JanuaryPartnerSDK
import UIKit

/// Async entry points to January's screens, for UIKit apps: one call presents a screen full screen, waits for the
/// user, dismisses it and returns what happened.
///
/// ```swift
/// import UIKit
///
/// @MainActor func logByVoice(from screen: UIViewController) async throws {
///     let outcome = try await JanuaryMealLogger.presentVoiceCapture(user: user, from: screen)
///     if let meal = outcome.loggedMeal {
///         show(meal)
///     }
/// }
/// ```
///
/// Each call presents one full-screen controller that no swipe can close, so that the user's words and edits are
/// never lost silently; voice capture and the scanner hand over to the review sheet inside it, without a second
/// presentation. Each call returns once, and only once its screen is gone, so that you can present the next screen
/// at once (`PresentationStateMachineTests`, `PresentationCompletionTests`), whichever comes first:
///
/// - the user logs the meal, or cancels;
/// - the screen is dismissed by other code, such as when the controller you presented from is dismissed: the
///   review sheet then reports its cancellation (with ``MealReviewCancellation/mayHaveBeenLogged``), the others
///   end without a result;
/// - your task is cancelled: the screen is dismissed, and the call returns as the screen ended (a log in flight is
///   cancelled and reported as possibly logged), rather than throwing, so that a meal that may be stored is never
///   hidden behind a `CancellationError`.
///
/// A task cancelled before the call presents anything throws `CancellationError`.
@MainActor
public enum JanuaryMealLogger {
    /// Presents the review sheet for `input`, full screen, and returns how it ended.
    ///
    /// - Parameters:
    ///   - input: What to review: a scan, a barcode's food, or a description to analyse first.
    ///   - user: The user whose meal it is: the catalogue is read and the meal logged through this user's client.
    ///   - name: The meal's name to start with, such as "Lunch"; by default the scan's meal name, if any.
    ///   - eatenAt: When the meal was eaten; by default "now", which January dates when it receives the log.
    ///   - logger: How to log; `nil` (the default) for ``MealLogger/foodLogs(of:)`` of `user`.
    ///   - presenter: The view controller to present from: on screen, and presenting nothing else.
    ///   - animated: Whether presenting and dismissing are animated.
    /// - Returns: ``MealReviewOutcome/logged(_:)`` with what was logged, or ``MealReviewOutcome/cancelled(_:)``.
    /// - Throws: ``MealPresentationError`` when `presenter` cannot present; `CancellationError` when the task was
    ///   cancelled before anything was presented.
    public static func present(
        _ input: MealReviewInput,
        user: JanuaryUserClient,
        name: String? = nil,
        eatenAt: Date? = nil,
        logger: MealLogger? = nil,
        from presenter: UIViewController,
        animated: Bool = true
    ) async throws -> MealReviewOutcome {
        try await run(from: presenter, animated: animated, fallback: .cancelled(MealReviewCancellation())) { flow in
            review(input, user: user, name: name, eatenAt: eatenAt, logger: logger, flow: flow)
        }
    }

    /// Presents voice capture, full screen, then the review sheet in its place for what the user said, and returns
    /// how the sheet ended. With ``VoiceCaptureOptions/analyzesTranscript`` on (the default) the sheet opens on
    /// January's analysis; off, it analyses the text itself.
    ///
    /// - Parameters:
    ///   - user: The user whose meal it is: the text is analysed, the catalogue read and the meal logged through
    ///     this user's client.
    ///   - options: Voice capture's options.
    ///   - microphone: ``VoiceCaptureMicrophone/device`` (the default), or a sentence for previews and the
    ///     simulator.
    ///   - name: The meal's name to start with; by default the analysis's meal name, if any.
    ///   - logger: How to log; `nil` (the default) for ``MealLogger/foodLogs(of:)`` of `user`.
    ///   - presenter: The view controller to present from: on screen, and presenting nothing else.
    ///   - animated: Whether presenting and dismissing are animated.
    /// - Returns: ``MealReviewOutcome/logged(_:)`` with what was logged, or ``MealReviewOutcome/cancelled(_:)``
    ///   (also when the user cancels voice capture).
    /// - Throws: ``VoiceCaptureConfigurationError`` when `microphone` is the device and the Info.plist lacks
    ///   `NSMicrophoneUsageDescription` or `NSSpeechRecognitionUsageDescription`; ``MealPresentationError`` when
    ///   `presenter` cannot present; `CancellationError` when the task was cancelled before anything was presented.
    public static func presentVoiceCapture(
        user: JanuaryUserClient,
        options: VoiceCaptureOptions = VoiceCaptureOptions(),
        microphone: VoiceCaptureMicrophone = .device,
        name: String? = nil,
        logger: MealLogger? = nil,
        from presenter: UIViewController,
        animated: Bool = true
    ) async throws -> MealReviewOutcome {
        try await run(from: presenter, animated: animated, fallback: .cancelled(MealReviewCancellation())) { flow in
            try JanuaryVoiceCaptureView.makeViewController(
                client: user.client, options: options, microphone: microphone,
                onResult: { result in
                    let input: MealReviewInput =
                        switch result {
                        case .meal(_, let scan): .scan(scan)
                        case .transcript(let text): .description(text)
                        }
                    flow.show(review(input, user: user, name: name, eatenAt: nil, logger: logger, flow: flow))
                },
                onCancel: { flow.report(.cancelled(MealReviewCancellation())) })
        }
    }

    /// Presents the meal and barcode scanner, full screen, then the review sheet in its place for the photo's meal
    /// or the barcode's food, and returns how the sheet ended.
    ///
    /// - Parameters:
    ///   - user: The user whose meal it is: the photo is analysed, the catalogue read and the meal logged through
    ///     this user's client.
    ///   - mode: The mode the scanner opens in; the user can switch.
    ///   - camera: ``MealScannerCamera/device`` (the default), or a still photo for previews and the simulator.
    ///   - name: The meal's name to start with; by default the analysis's meal name, if any.
    ///   - logger: How to log; `nil` (the default) for ``MealLogger/foodLogs(of:)`` of `user`.
    ///   - presenter: The view controller to present from: on screen, and presenting nothing else.
    ///   - animated: Whether presenting and dismissing are animated.
    /// - Returns: ``MealReviewOutcome/logged(_:)`` with what was logged, or ``MealReviewOutcome/cancelled(_:)``
    ///   (also when the user cancels the scanner).
    /// - Throws: ``MealScannerConfigurationError`` when `camera` is the device and the Info.plist lacks
    ///   `NSCameraUsageDescription`; ``MealPresentationError`` when `presenter` cannot present;
    ///   `CancellationError` when the task was cancelled before anything was presented.
    public static func presentScanner(
        user: JanuaryUserClient,
        mode: MealScannerMode = .photo,
        camera: MealScannerCamera = .device,
        name: String? = nil,
        logger: MealLogger? = nil,
        from presenter: UIViewController,
        animated: Bool = true
    ) async throws -> MealReviewOutcome {
        try await run(from: presenter, animated: animated, fallback: .cancelled(MealReviewCancellation())) { flow in
            try JanuaryMealScannerView.makeViewController(
                client: user.client, mode: mode, camera: camera,
                onResult: { result in
                    flow.show(
                        review(
                            MealReviewInput(result), user: user, name: name, eatenAt: nil, logger: logger, flow: flow))
                },
                onCancel: { flow.report(.cancelled(MealReviewCancellation())) })
        }
    }

    /// Presents voice capture alone, full screen, and returns what the user said (and its analysis, with
    /// ``VoiceCaptureOptions/analyzesTranscript`` on), or `nil` when they cancelled or the screen was dismissed.
    ///
    /// - Parameters:
    ///   - client: The client whose `foodAnalysis` analyses the text.
    ///   - options: Voice capture's options.
    ///   - microphone: ``VoiceCaptureMicrophone/device`` (the default), or a sentence for previews and the
    ///     simulator.
    ///   - presenter: The view controller to present from: on screen, and presenting nothing else.
    ///   - animated: Whether presenting and dismissing are animated.
    /// - Returns: The result, or `nil` without one.
    /// - Throws: ``VoiceCaptureConfigurationError`` when `microphone` is the device and the Info.plist lacks a
    ///   usage description; ``MealPresentationError`` when `presenter` cannot present; `CancellationError` when the
    ///   task was cancelled before anything was presented.
    public static func captureVoice(
        client: JanuaryPartnerClient,
        options: VoiceCaptureOptions = VoiceCaptureOptions(),
        microphone: VoiceCaptureMicrophone = .device,
        from presenter: UIViewController,
        animated: Bool = true
    ) async throws -> VoiceCaptureResult? {
        try await run(from: presenter, animated: animated, fallback: nil) { flow in
            try JanuaryVoiceCaptureView.makeViewController(
                client: client, options: options, microphone: microphone,
                onResult: { flow.report($0) }, onCancel: { flow.report(nil) })
        }
    }

    /// Presents the meal and barcode scanner alone, full screen, and returns the photo's meal or the barcode's
    /// food, or `nil` when the user cancelled or the screen was dismissed.
    ///
    /// - Parameters:
    ///   - client: The client whose `foodAnalysis` and `foods` the scanner uses.
    ///   - mode: The mode the scanner opens in; the user can switch.
    ///   - camera: ``MealScannerCamera/device`` (the default), or a still photo for previews and the simulator.
    ///   - presenter: The view controller to present from: on screen, and presenting nothing else.
    ///   - animated: Whether presenting and dismissing are animated.
    /// - Returns: The result, or `nil` without one.
    /// - Throws: ``MealScannerConfigurationError`` when `camera` is the device and the Info.plist lacks
    ///   `NSCameraUsageDescription`; ``MealPresentationError`` when `presenter` cannot present;
    ///   `CancellationError` when the task was cancelled before anything was presented.
    public static func scan(
        client: JanuaryPartnerClient,
        mode: MealScannerMode = .photo,
        camera: MealScannerCamera = .device,
        from presenter: UIViewController,
        animated: Bool = true
    ) async throws -> MealScannerResult? {
        try await run(from: presenter, animated: animated, fallback: nil) { flow in
            try JanuaryMealScannerView.makeViewController(
                client: client, mode: mode, camera: camera,
                onResult: { flow.report($0) }, onCancel: { flow.report(nil) })
        }
    }

    // MARK: The one path of every call

    private static func review(
        _ input: MealReviewInput, user: JanuaryUserClient, name: String?, eatenAt: Date?, logger: MealLogger?,
        flow: PresentationFlow<MealReviewOutcome>
    ) -> UIViewController {
        JanuaryMealReviewView.makeViewController(
            user: user, input: input, name: name, eatenAt: eatenAt, logger: logger,
            onLogged: { flow.report(.logged($0)) }, onCancel: { flow.report(.cancelled($0)) })
    }

    /// Presents a host with the first screen that `content` makes, and waits for the answer.
    private static func run<Outcome: Sendable>(
        from presenter: UIViewController, animated: Bool, fallback: Outcome,
        content: (PresentationFlow<Outcome>) throws -> UIViewController
    ) async throws -> Outcome {
        try Task.checkCancellation()
        guard presenter.viewIfLoaded?.window != nil else {
            throw MealPresentationError(reason: .presenterNotInWindow)
        }
        guard presenter.presentedViewController == nil, !presenter.isBeingDismissed else {
            throw MealPresentationError(reason: .presenterIsBusy)
        }
        let completion = PresentationCompletion(fallback: fallback)
        let host = try present(from: presenter, animated: animated, completion: completion, content: content)
        return try await withTaskCancellationHandler {
            try await completion.wait()
        } onCancel: {
            if completion.send(.cancelled) {
                Task { @MainActor in host.controller?.dismissFromScreen() }
            }
        }
    }

    /// Makes and presents the host. Only UIKit and the host's screens hold it strongly, so that a host released
    /// without a dismissal still answers the caller (from its `deinit`).
    private static func present<Outcome: Sendable>(
        from presenter: UIViewController, animated: Bool, completion: PresentationCompletion<Outcome>,
        content: (PresentationFlow<Outcome>) throws -> UIViewController
    ) throws -> WeakHost {
        let host = PresentationHost(animated: animated) { completion.send(.dismissed) }
        let flow = PresentationFlow(completion: completion, host: host)
        host.show(try content(flow))
        presenter.present(host, animated: animated) { [weak host] in
            if completion.send(.presented) {
                host?.dismissFromScreen()
            }
        }
        return WeakHost(host)
    }

    /// A weak reference to the host that the task's cancellation handler, which runs on any thread, can carry.
    @MainActor private final class WeakHost {
        weak var controller: PresentationHost?

        init(_ controller: PresentationHost) {
            self.controller = controller
        }
    }
}
#endif
