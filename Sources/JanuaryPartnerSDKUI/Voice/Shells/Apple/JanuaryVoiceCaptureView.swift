#if os(iOS) && canImport(UIKit) && canImport(AVFoundation) && canImport(Speech) && canImport(SwiftUI)
import JanuaryPartnerSDK
import SwiftUI
import UIKit

/// A ready screen for logging a meal by voice: the user says what they ate, sees the words as they are recognised,
/// checks and corrects the text, and gets January's analysis of it (or the text alone, for your own review).
/// Every state has a screen: the microphone and speech recognition not yet asked, denied or restricted (with a
/// link to Settings), a language the device cannot recognise, listening, each interruption (a call, headphones
/// unplugged, the recogniser unavailable, leaving the screen), nothing heard, the text to check, the analysis, and
/// January's error with its user-facing sentence. Typing is offered wherever voice cannot be used.
///
/// ```swift
/// import JanuaryPartnerSDKUI
/// import SwiftUI
///
/// struct SayYourMealScreen: View {
///     let january: JanuaryPartnerClient
///     @State private var capture: JanuaryVoiceCaptureView?
///
///     var body: some View {
///         Button("Say what you ate") {
///             capture = try? JanuaryVoiceCaptureView(client: january, onResult: { _ in }, onCancel: {})
///         }
///     }
/// }
/// ```
///
/// Making the view throws ``VoiceCaptureConfigurationError`` when the app's Info.plist lacks
/// `NSMicrophoneUsageDescription` or `NSSpeechRecognitionUsageDescription`, so that neither is requested without
/// it (iOS would terminate the app). Speech is recognised on the device; Apple's servers only with
/// ``VoiceCaptureOptions/allowsServerRecognition``. The audio goes from the microphone to Apple's recogniser and
/// nowhere else, and January receives only the text the user checked. Texts come from the module's
/// `Localizable.strings`, use Dynamic Type text styles, and every control and state has its own VoiceOver label.
/// Nothing the user says is logged.
@MainActor
public struct JanuaryVoiceCaptureView: View {
    @StateObject private var model: VoiceCaptureModel
    @Environment(\.openURL) private var openURL

    /// Makes voice capture.
    ///
    /// - Parameters:
    ///   - client: The client whose `foodAnalysis` analyses the text.
    ///   - options: The silence window, the time limits, where speech may be recognised, the language, and whether
    ///     the text is analysed.
    ///   - microphone: ``VoiceCaptureMicrophone/device`` (the default), or a sentence for previews and the
    ///     simulator.
    ///   - onResult: Called once, on the main actor, with the text and its analysis.
    ///   - onCancel: Called once, on the main actor, when the user cancels.
    /// - Throws: ``VoiceCaptureConfigurationError`` when `microphone` is the device and the Info.plist lacks
    ///   `NSMicrophoneUsageDescription` or `NSSpeechRecognitionUsageDescription`.
    public init(
        client: JanuaryPartnerClient,
        options: VoiceCaptureOptions = VoiceCaptureOptions(),
        microphone: VoiceCaptureMicrophone = .device,
        onResult: @escaping @MainActor (VoiceCaptureResult) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) throws {
        if microphone == .device {
            try VoiceCaptureConfigurationError.checkUsageDescriptions(in: Bundle.main.infoDictionary)
        }
        let model = VoiceCaptureModel(
            client: client, options: options, microphone: microphone, onResult: onResult, onCancel: onCancel)
        _model = StateObject(wrappedValue: model)
    }

    /// Makes voice capture as a UIKit view controller, for apps without SwiftUI screens: present it, and dismiss it
    /// in `onResult` and `onCancel`. It is presented full screen, so that no swipe can close it and lose the
    /// user's words.
    ///
    /// - Parameters: As ``init(client:options:microphone:onResult:onCancel:)``.
    /// - Returns: Voice capture's view controller.
    /// - Throws: ``VoiceCaptureConfigurationError`` when `microphone` is the device and the Info.plist lacks
    ///   `NSMicrophoneUsageDescription` or `NSSpeechRecognitionUsageDescription`.
    public static func makeViewController(
        client: JanuaryPartnerClient,
        options: VoiceCaptureOptions = VoiceCaptureOptions(),
        microphone: VoiceCaptureMicrophone = .device,
        onResult: @escaping @MainActor (VoiceCaptureResult) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) throws -> UIViewController {
        let view = try JanuaryVoiceCaptureView(
            client: client, options: options, microphone: microphone, onResult: onResult, onCancel: onCancel)
        let controller = UIHostingController(rootView: view)
        controller.modalPresentationStyle = .fullScreen
        return controller
    }

    /// Voice capture's screen for its current state.
    public var body: some View {
        let screen = model.screen
        VStack(spacing: 16) {
            Text(screen.title.string)
                .font(.title2.weight(.semibold))
                .multilineTextAlignment(.center)
                .accessibilityAddTraits(.isHeader)
            if let message = screen.message {
                Text(message.string)
                    .font(.body)
                    .multilineTextAlignment(.center)
                    .fixedSize(horizontal: false, vertical: true)
            }
            if let note = screen.recognitionNote {
                Text(note.string)
                    .font(.footnote)
                    .foregroundColor(.secondary)
                    .multilineTextAlignment(.center)
            }
            if screen.showsEditor {
                editor(screen)
            } else if let transcript = screen.transcript {
                heard(transcript, isLive: screen.isTranscriptLive)
            }
            if screen.showsProgress {
                ProgressView()
                    .accessibilityLabel(Text(screen.title.string))
            }
            Spacer(minLength: 0)
            buttons(screen)
        }
        .padding()
        .background(Color(uiColor: .systemBackground).ignoresSafeArea())
        // Presented in a sheet by the app, a swipe still cannot close it while it holds the user's words.
        .interactiveDismissDisabled(model.holdsWork)
        .onAppear { model.appear() }
        .onDisappear { model.disappear() }
    }

    /// The words heard: large, read-only, and for VoiceOver a label and a value that changes as the user speaks.
    private func heard(_ transcript: String, isLive: Bool) -> some View {
        let placeholder = transcript.isEmpty && isLive
        return ScrollView {
            Text(placeholder ? VoiceCaptureStringKey.listeningPlaceholder.localized : transcript)
                .font(.title3)
                .foregroundColor(placeholder ? .secondary : .primary)
                .frame(maxWidth: .infinity, alignment: .leading)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(VoiceCaptureStringKey.transcriptLabel.localized))
        .accessibilityValue(Text(placeholder ? VoiceCaptureStringKey.listeningPlaceholder.localized : transcript))
        .accessibilityAddTraits(isLive ? .updatesFrequently : [])
    }

    /// The text to check and correct, with why it cannot be sent as it is.
    private func editor(_ screen: VoiceCaptureScreen) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            TextEditor(text: Binding(get: { model.driver.machine.text }, set: { model.edit($0) }))
                .font(.body)
                .frame(minHeight: 120)
                .overlay(RoundedRectangle(cornerRadius: 8).stroke(Color(uiColor: .separator)))
                .accessibilityLabel(Text(VoiceCaptureStringKey.editorLabel.localized))
            if let note = screen.editorNote {
                Text(note.string)
                    .font(.footnote)
                    .foregroundColor(Color(uiColor: .systemRed))
            }
        }
    }

    /// The state's buttons. Each keeps its place by position, so that the button VoiceOver is on ("Start
    /// speaking", then "Done") changes its words rather than disappearing.
    private func buttons(_ screen: VoiceCaptureScreen) -> some View {
        VStack(spacing: 12) {
            ForEach(Array(screen.buttons.enumerated()), id: \.offset) { _, button in
                Button {
                    tap(button.kind)
                } label: {
                    Text(button.label.localized)
                        .font(.headline)
                        .frame(maxWidth: .infinity, minHeight: 44)
                }
                .buttonStyle(.borderedProminent)
                .tint(button.kind == .cancel ? .secondary : .accentColor)
                .disabled(!button.isEnabled)
                .accessibilityHint(Text(button.hint.localized))
            }
        }
    }

    private func tap(_ kind: VoiceCaptureScreen.Button.Kind) {
        if kind == .openSettings, let url = URL(string: UIApplication.openSettingsURLString) {
            openURL(url)
        }
        model.tap(kind)
    }
}
#endif
