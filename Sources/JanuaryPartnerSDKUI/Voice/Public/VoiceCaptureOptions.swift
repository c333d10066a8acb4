import Foundation

/// How voice capture listens and what it hands back. Every duration is in seconds and is brought into its range
/// (a value that is not a number gets the default), so no setting can stop capture from ending.
public struct VoiceCaptureOptions: Sendable, Hashable {
    /// How long the user may pause after speaking before listening ends: 2 seconds by default, 0.5 to 10.
    public var silenceWindow: TimeInterval

    /// How long capture waits for the first words before it says it heard nothing: 8 seconds by default, 2 to
    /// 30. Longer than ``silenceWindow``, so that the user has time to start after tapping.
    public var noSpeechTimeout: TimeInterval

    /// The longest the microphone stays on in one go: 30 seconds by default, 5 to 60. January reads at most 512
    /// characters of a description, about half a minute of speech; Apple's server recognition stops at a minute.
    public var maximumDuration: TimeInterval

    /// Whether speech may be sent to Apple's servers to be recognised when the device cannot recognise the
    /// language itself. `false` by default: recognition then runs only on the device, and where the device cannot
    /// recognise the language, capture says so and offers typing instead. Docs/Voice.md says what Apple receives.
    public var allowsServerRecognition: Bool

    /// The language to recognise; `nil` (the default) is the user's current locale.
    public var locale: Locale?

    /// Whether capture sends the user's checked text to `analyzeDescription` and hands back the meal (`true`, the
    /// default), or hands back the text alone for you to analyse or review (`false`).
    public var analyzesTranscript: Bool

    /// Creates options; every parameter has the default described on its property.
    ///
    /// - Parameters:
    ///   - silenceWindow: The pause after speech that ends listening, in seconds.
    ///   - noSpeechTimeout: How long to wait for the first words, in seconds.
    ///   - maximumDuration: The longest listening in one go, in seconds.
    ///   - allowsServerRecognition: Whether Apple's servers may recognise speech the device cannot.
    ///   - locale: The language to recognise, or `nil` for the user's.
    ///   - analyzesTranscript: Whether to analyse the text with `analyzeDescription`.
    public init(
        silenceWindow: TimeInterval = 2,
        noSpeechTimeout: TimeInterval = 8,
        maximumDuration: TimeInterval = 30,
        allowsServerRecognition: Bool = false,
        locale: Locale? = nil,
        analyzesTranscript: Bool = true
    ) {
        self.silenceWindow = silenceWindow
        self.noSpeechTimeout = noSpeechTimeout
        self.maximumDuration = maximumDuration
        self.allowsServerRecognition = allowsServerRecognition
        self.locale = locale
        self.analyzesTranscript = analyzesTranscript
    }

    /// ``silenceWindow`` in milliseconds, within its range.
    var silenceWindowMilliseconds: Int64 {
        Self.milliseconds(silenceWindow, in: 500...10_000, default: 2_000)
    }

    /// ``noSpeechTimeout`` in milliseconds, within its range.
    var noSpeechTimeoutMilliseconds: Int64 {
        Self.milliseconds(noSpeechTimeout, in: 2_000...30_000, default: 8_000)
    }

    /// ``maximumDuration`` in milliseconds, within its range.
    var maximumDurationMilliseconds: Int64 {
        Self.milliseconds(maximumDuration, in: 5_000...60_000, default: 30_000)
    }

    /// Seconds as whole milliseconds in `range`. Clamped while still a `Double`, because converting an infinite
    /// or huge value to `Int64` would trap.
    static func milliseconds(_ seconds: TimeInterval, in range: ClosedRange<Int64>, default fallback: Int64) -> Int64 {
        guard !seconds.isNaN else {
            return fallback
        }
        let clamped = min(max(seconds * 1_000, Double(range.lowerBound)), Double(range.upperBound))
        return Int64(clamped.rounded())
    }
}
