import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting

@testable import JanuaryPartnerSDKUI

typealias Voice = VoiceCaptureStateMachine

/// Voice capture's environments by name, for the tables.
let recogniserOnDevice = Voice.Recogniser(supportsOnDevice: true, isAvailable: true)
let recogniserServerOnly = Voice.Recogniser(supportsOnDevice: false, isAvailable: true)
let voiceAllowed = voiceEnvironment(.granted, .authorized)
let breakfast = FoodScan(
    mealName: "Breakfast",
    detections: [FoodDetection(food: DetectedFood(name: "Egg", id: FoodID(rawValue: "egg"), quantity: 2, serving: nil))]
)

func voiceEnvironment(
    microphoneKey: Bool = true, speechKey: Bool = true, _ microphone: Voice.MicrophonePermission,
    _ speech: Voice.SpeechPermission, recogniser: Voice.Recogniser? = recogniserOnDevice
) -> Voice.Environment {
    Voice.Environment(
        hasMicrophoneUsageDescription: microphoneKey, hasSpeechRecognitionUsageDescription: speechKey,
        microphone: microphone, speech: speech, recogniser: recogniser)
}

/// A voice machine on a manual clock. Events are sent at a time in milliseconds since the harness was made, so
/// that a table reads as a timeline.
struct VoiceHarness {
    let clock = ManualClock()
    var machine: Voice
    private var elapsed: Int64 = 0

    init(options: VoiceCaptureOptions = VoiceCaptureOptions(), _ events: [Voice.Event] = []) {
        machine = Voice(options: options, clock: clock)
        for event in events {
            _ = machine.handle(event)
        }
    }

    /// Sends an event now.
    @discardableResult
    mutating func send(_ event: Voice.Event) -> [Voice.Action] {
        machine.handle(event)
    }

    /// Moves the clock to `milliseconds` since the start (never back), then sends the event.
    @discardableResult
    mutating func send(_ event: Voice.Event, at milliseconds: Int64) -> [Voice.Action] {
        if milliseconds > elapsed {
            clock.advance(by: TimeInterval(milliseconds - elapsed) / 1_000)
            elapsed = milliseconds
        }
        return machine.handle(event)
    }

    /// Sends a timeline; returns the actions of its last event.
    @discardableResult
    mutating func play(_ timeline: [(Int64, Voice.Event)]) -> [Voice.Action] {
        var actions: [Voice.Action] = []
        for (time, event) in timeline {
            actions = send(event, at: time)
        }
        return actions
    }

    var phase: Voice.Phase {
        machine.phase
    }
}

/// Events that bring a fresh machine to each state, by name, for the tables that visit every state.
enum VoiceRoute {
    static let listening: [Voice.Event] = [.appeared(voiceAllowed), .speakTapped]
    static let heard: [Voice.Event] = listening + [.recognised("two eggs", isFinal: false, segment: 1)]
    static let finishing: [Voice.Event] = heard + [.stopTapped]
    static let editing: [Voice.Event] = finishing + [.recognised("two eggs", isFinal: true, segment: 1)]
    static let analysing: [Voice.Event] = editing + [.submitTapped]

    /// One way into every phase but the two final ones, with the phase it reaches.
    static let everyState: [([Voice.Event], Voice.Phase)] = [
        ([], .starting),
        ([.appeared(voiceEnvironment(microphoneKey: false, .granted, .authorized))], .misconfigured),
        ([.appeared(voiceEnvironment(.granted, .authorized, recogniser: nil))], .unsupported(.language)),
        (
            [.appeared(voiceEnvironment(.granted, .authorized, recogniser: recogniserServerOnly))],
            .unsupported(.onDeviceRecognition)
        ),
        ([.appeared(voiceEnvironment(.notDetermined, .notDetermined))], .permissionNotAsked),
        ([.appeared(voiceEnvironment(.notDetermined, .notDetermined)), .continueTapped], .permissionPending),
        ([.appeared(voiceEnvironment(.denied, .authorized))], .permissionDenied(.microphone)),
        ([.appeared(voiceEnvironment(.granted, .denied))], .permissionDenied(.speechRecognition)),
        ([.appeared(voiceEnvironment(.granted, .restricted))], .permissionRestricted),
        ([.appeared(voiceAllowed)], .ready),
        (listening, .listening),
        (heard, .listening),
        (finishing, .finishing(.stopped)),
        (heard + [.audioInterruptionBegan], .interrupted(.audioSession)),
        (listening + [.recognitionFailed(segment: 1)], .interrupted(.recognitionFailed)),
        (finishing + [.recognised("", isFinal: true, segment: 1)], .nothingHeard),
        (editing, .editing(.stopped)),
        ([.appeared(voiceAllowed), .editTapped], .editing(nil)),
        (analysing, .analysing),
        (
            analysing + [.workFinished(attempt: 1, .failure(voiceError(.server)))],
            .failed(
                .january(
                    sentence: "The nutrition service is having trouble. Please try again later.", canRetry: true))
        ),
    ]
}

func voiceError(_ category: JanuaryError.Category, _ code: JanuaryError.Code? = nil) -> JanuaryError {
    JanuaryError(category: category, code: code, message: "test")
}

/// ``eventually`` for state the main actor owns (the driver, the timer, the stand-in speech): polls on the main
/// actor, so the condition may read main-actor state, under the one deadline mechanism of every test wait.
@MainActor
func eventuallyOnMain(_ awaited: String, _ condition: @escaping @MainActor () -> Bool) async throws {
    try await withDeadline(awaited) { @MainActor in
        while !condition() {
            try await Task.sleep(nanoseconds: 500_000)
        }
    }
}
