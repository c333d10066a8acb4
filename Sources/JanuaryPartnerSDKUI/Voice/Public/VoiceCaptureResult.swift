import Foundation
import JanuaryPartnerSDK

/// What voice capture hands back when the user is done: the text they checked, and January's analysis of it when
/// ``VoiceCaptureOptions/analyzesTranscript`` is on. Cancelling is reported through its own callback, never as a
/// result.
public enum VoiceCaptureResult: Sendable, Hashable {
    /// The user's text and January's analysis of it.
    ///
    /// - Parameters:
    ///   - transcript: The text as it was sent to `analyzeDescription`: what the user said, as they corrected it.
    ///   - scan: January's analysis, with at least one detected food.
    case meal(transcript: String, scan: FoodScan)
    /// The user's text alone, when ``VoiceCaptureOptions/analyzesTranscript`` is off: pass it to
    /// `analyzeDescription` yourself, or to your own review.
    ///
    /// - Parameter transcript: What the user said, as they corrected it; trimmed, 1 to 512 characters.
    case transcript(String)

    /// The user's text, whichever the result.
    public var transcript: String {
        switch self {
        case .meal(let transcript, _): return transcript
        case .transcript(let transcript): return transcript
        }
    }
}
