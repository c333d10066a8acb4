import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI

/// What the voice screen runs on without a microphone or a network: a sentence the stand-in microphone says, and
/// the simulated client of ``ScannerExample``.
public enum VoiceExample {
    /// What the stand-in user says; January's simulator finds two foods in it.
    public static let spokenMeal = "two eggs and a slice of toast"

    /// The line the screen shows for what voice capture returned.
    public static func summary(of result: VoiceCaptureResult) -> String {
        switch result {
        case .meal(let transcript, let scan):
            return "\u{201C}\(transcript)\u{201D}: \(scan.detections.count) foods."
        case .transcript(let transcript):
            return "\u{201C}\(transcript)\u{201D}, not analysed yet."
        }
    }
}
