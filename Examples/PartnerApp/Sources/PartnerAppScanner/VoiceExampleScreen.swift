#if os(iOS) && canImport(SwiftUI) && canImport(UIKit)
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import SwiftUI

/// The partner app's "say a meal" screen: it opens January's voice capture full screen and shows what came back.
/// With ``VoiceExample``'s sentence and ``ScannerExample``'s simulated client it runs in the simulator and in
/// previews, no microphone needed; a real app passes its own client and `.device`.
@MainActor
public struct VoiceExampleScreen: View {
    let january: JanuaryPartnerClient
    let microphone: VoiceCaptureMicrophone
    @State private var listens = false
    @State private var outcome = "Nothing said yet."

    /// Creates the screen.
    public init(january: JanuaryPartnerClient, microphone: VoiceCaptureMicrophone) {
        self.january = january
        self.microphone = microphone
    }

    /// A button that opens voice capture, and what it last returned.
    public var body: some View {
        NavigationView {
            VStack(spacing: 16) {
                Text(outcome)
                    .font(.body)
                    .multilineTextAlignment(.center)
                Button("Say what you ate") { listens = true }
            }
            .padding()
            .navigationTitle("Say a meal")
        }
        .fullScreenCover(isPresented: $listens) {
            capture
        }
    }

    @ViewBuilder private var capture: some View {
        if let view = try? JanuaryVoiceCaptureView(
            client: january, microphone: microphone,
            onResult: { result in
                outcome = VoiceExample.summary(of: result)
                listens = false
            },
            onCancel: { listens = false })
        {
            view
        } else {
            Text("Add NSMicrophoneUsageDescription and NSSpeechRecognitionUsageDescription to the app's Info.plist.")
        }
    }
}

/// The screen and voice capture itself with the stand-in microphone and the simulator.
struct VoiceExampleScreen_Previews: PreviewProvider {
    static var previews: some View {
        if let january = try? ScannerExample.simulatedClient() {
            VoiceExampleScreen(january: january, microphone: .simulated(transcript: VoiceExample.spokenMeal))
            if let capture = try? JanuaryVoiceCaptureView(
                client: january, microphone: .simulated(transcript: VoiceExample.spokenMeal),
                onResult: { _ in }, onCancel: {})
            {
                capture.previewDisplayName("Voice capture, simulated")
            }
        }
    }
}
#endif
