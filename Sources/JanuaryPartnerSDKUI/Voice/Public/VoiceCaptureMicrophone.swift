import Foundation

/// Where voice capture hears the user: the device's microphone and Apple's speech recogniser, or a sentence
/// spoken word by word in their place (previews, the simulator, UI tests), so that the whole flow runs without a
/// microphone or a permission.
public struct VoiceCaptureMicrophone: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case device
        case simulated(transcript: String)
    }

    let source: Source

    /// The microphone through `AVAudioEngine`, recognised by `SFSpeechRecognizer`. Needs
    /// `NSMicrophoneUsageDescription` and `NSSpeechRecognitionUsageDescription` in the app's Info.plist.
    public static let device = VoiceCaptureMicrophone(source: .device)

    /// A sentence instead of the microphone: when the user starts speaking, its words arrive one at a time as
    /// partial results, then nothing more, so that the silence window ends listening. No permission is asked and no
    /// Info.plist key is needed.
    ///
    /// - Parameter transcript: What the stand-in user says, such as "two eggs and a slice of toast".
    /// - Returns: The stand-in microphone.
    public static func simulated(transcript: String) -> VoiceCaptureMicrophone {
        VoiceCaptureMicrophone(source: .simulated(transcript: transcript))
    }
}
