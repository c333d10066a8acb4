import Foundation
import JanuaryAuth
import JanuaryCore
import JanuaryPartnerSDK

/// Everything voice capture decides, as a value: it takes an event and returns the actions the shell must perform.
/// The views, the audio engine, the speech recogniser and the audio session only report events and carry out
/// ``Action``s, so every state, transition and time limit is tested on Linux.
///
/// Time comes from an injected clock, read when an event arrives: the silence window, the wait for the first
/// words, the maximum duration and the wait for the recogniser's final words are measured on it, and
/// ``Action/wake(afterMilliseconds:)`` asks the shell for a ``Event/tick`` when the next of them is due. A tick that
/// comes early or late only re-reads the clock, so the shell keeps one timer and replaces it.
///
/// Each run of the microphone is a segment with its own number, and each analysis an attempt with its own: words
/// from a segment that has ended, or a result for an attempt the user left, are dropped.
struct VoiceCaptureStateMachine: Sendable {
    /// The microphone permission as iOS reports it (`AVAudioApplication.recordPermission`).
    enum MicrophonePermission: Sendable, Equatable {
        case notDetermined, granted, denied
    }

    /// The speech recognition permission as iOS reports it (`SFSpeechRecognizerAuthorizationStatus`).
    enum SpeechPermission: Sendable, Equatable {
        case notDetermined, authorized, denied, restricted
    }

    /// What the recogniser for the chosen language can do.
    struct Recogniser: Sendable, Equatable {
        /// `supportsOnDeviceRecognition`.
        var supportsOnDevice: Bool
        /// `isAvailable`: it can recognise now (a server recogniser needs the network).
        var isAvailable: Bool
    }

    /// What the shell knows about the device when capture appears.
    struct Environment: Sendable, Equatable {
        /// Whether the app's Info.plist has `NSMicrophoneUsageDescription`.
        var hasMicrophoneUsageDescription: Bool
        /// Whether the app's Info.plist has `NSSpeechRecognitionUsageDescription`.
        var hasSpeechRecognitionUsageDescription: Bool
        var microphone: MicrophonePermission
        var speech: SpeechPermission
        /// The recogniser for the language, or `nil` when iOS has none for it.
        var recogniser: Recogniser?
    }

    /// Where the words are recognised.
    enum Recognition: Sendable, Equatable {
        /// On the device: `requiresOnDeviceRecognition`, nothing leaves it.
        case onDevice
        /// By Apple's servers, which the partner allowed: the device cannot recognise the language itself.
        case server
    }

    /// Why voice cannot be used on this device at all.
    enum Unsupported: Sendable, Equatable {
        /// iOS has no recogniser for the language.
        case language
        /// Only Apple's servers could recognise the language, and the app does not allow it.
        case onDeviceRecognition
    }

    /// A permission the user refused.
    enum Permission: Sendable, Equatable {
        case microphone, speechRecognition
    }

    /// Why listening stopped before the user said so; each has its own screen.
    enum Interruption: Sendable, Equatable {
        /// A call, Siri or another app took the audio session.
        case audioSession
        /// The microphone in use went away (headphones unplugged).
        case microphoneDisconnected
        /// Another microphone appeared (headphones plugged in), or the audio engine's configuration changed.
        case microphoneChanged
        /// The recogniser became unavailable (a server recogniser lost the network, dictation was turned off).
        case recogniserUnavailable
        /// The audio session or engine would not start.
        case microphoneUnavailable
        /// The recogniser reported an error.
        case recognitionFailed
        /// The screen disappeared or the app left the foreground.
        case suspended
    }

    /// How the shell describes a change of the audio route.
    enum RouteChange: Sendable, Equatable {
        /// The input in use went away (`oldDeviceUnavailable`).
        case disconnected
        /// A new input, or the engine reconfigured itself.
        case changed
    }

    /// Why listening ended normally.
    enum Ending: Sendable, Equatable {
        /// The user tapped Done.
        case stopped
        /// Nothing was said for the silence window (or, before any words, the no-speech timeout).
        case silence
        /// The maximum duration was reached.
        case maximumDuration
        /// The recogniser decided the speech was over and sent its final words.
        case recogniserFinished
    }

    /// Why the analysis failed, as the screen explains it.
    enum Failure: Sendable, Equatable {
        /// The device is not connected to the internet.
        case offline
        /// January found no food in the text.
        case noFoods
        /// Any other error: January's user-facing sentence, and whether sending the same text again can help.
        case january(sentence: String, canRetry: Bool)
    }

    /// One state, one screen.
    enum Phase: Sendable, Equatable {
        /// Not yet appeared.
        case starting
        /// The Info.plist lacks a usage description: nothing is requested; typing instead.
        case misconfigured
        /// Voice cannot be used here; typing instead.
        case unsupported(Unsupported)
        /// A permission was never asked: explain, then "Continue" to iOS's prompts.
        case permissionNotAsked
        /// iOS's permission prompt is showing.
        case permissionPending
        /// The user said no: Settings link, or typing.
        case permissionDenied(Permission)
        /// Parental controls or device management forbid speech recognition.
        case permissionRestricted
        /// Everything allowed; waiting for the user to start.
        case ready
        /// The microphone is on and partial words show.
        case listening
        /// The microphone is off; waiting for the recogniser's final words.
        case finishing(Ending)
        /// Listening stopped on its own; the words so far are kept.
        case interrupted(Interruption)
        /// Listening ended and nothing was said.
        case nothingHeard
        /// The user checks and corrects the text; `nil` when they chose to type.
        case editing(Ending?)
        /// Waiting for January's analysis.
        case analysing
        /// The analysis failed.
        case failed(Failure)
        /// A result was delivered; capture is done.
        case finished
        /// The user cancelled; capture is done.
        case cancelled
    }

    /// What happens.
    enum Event: Sendable {
        case appeared(Environment)
        case continueTapped
        case microphoneAnswered(granted: Bool)
        case speechAnswered(SpeechPermission)
        case speakTapped
        case stopTapped
        case recognised(String, isFinal: Bool, segment: Int)
        case recognitionFailed(segment: Int)
        case audioFailed(segment: Int)
        case tick
        case audioInterruptionBegan
        case audioInterruptionEnded
        case routeChanged(RouteChange)
        case recogniserAvailabilityChanged(Bool)
        case suspended
        case editTapped
        case transcriptEdited(String)
        case submitTapped
        case workFinished(attempt: Int, Result<FoodScan, JanuaryError>)
        case retryTapped
        case cancelTapped
    }

    /// What the shell must do, in order.
    enum Action: Sendable, Equatable {
        /// Ask iOS for the microphone; report `.microphoneAnswered`.
        case requestMicrophonePermission
        /// Ask iOS for speech recognition; report `.speechAnswered`.
        case requestSpeechPermission
        /// Set up and activate the audio session, start the engine's tap into a new recognition request and task,
        /// recognising where `Recognition` says; report its words and errors with `segment`.
        case startListening(segment: Int, Recognition)
        /// Stop the microphone (the tap and the engine) and end the request's audio, so that the recogniser sends
        /// its final words.
        case finishListening
        /// Cancel the recognition, stop the microphone, drop the request and deactivate the audio session. Safe to
        /// repeat.
        case stopListening
        /// Send `.tick` after this long, replacing any tick already asked for.
        case wake(afterMilliseconds: Int64)
        /// Send the text to `analyzeDescription`; report `.workFinished(attempt:)`.
        case analyse(String, attempt: Int)
        /// Cancel the task of an attempt.
        case cancelWork(attempt: Int)
        /// Hand the result to the app.
        case deliver(VoiceCaptureResult)
        /// Tell the app the user cancelled.
        case deliverCancellation
    }

    /// How long the recogniser has to send its final words once the microphone is off, before the last partial
    /// words are taken instead.
    static let finalWordsWaitMilliseconds: Int64 = 1_500

    /// The longest text `analyzeDescription` accepts, in Unicode scalars, as January counts it.
    static let maximumTextLength = 512

    let options: VoiceCaptureOptions
    private let clock: any JanuaryClock
    private(set) var phase: Phase = .starting
    /// The text kept so far: earlier segments' words and the user's edits.
    private(set) var text = ""
    /// The words of the segment being heard.
    private(set) var partial = ""
    private(set) var segment = 0
    private(set) var attempt = 0
    private(set) var recognition: Recognition = .onDevice
    /// Whether everything voice needs is allowed and present: the keys, the language, the permissions.
    private(set) var canListen = false
    private(set) var isRecogniserAvailable = false
    private(set) var isAudioInterrupted = false
    /// Until the view appears, nothing is allowed.
    private var environment = Environment(
        hasMicrophoneUsageDescription: false, hasSpeechRecognitionUsageDescription: false, microphone: .notDetermined,
        speech: .notDetermined, recogniser: nil)
    private var listeningSince: Int64 = 0
    private var heardAt: Int64?
    private var finishingSince: Int64 = 0

    init(options: VoiceCaptureOptions, clock: any JanuaryClock) {
        self.options = options
        self.clock = clock
    }

    /// Whether capture is done (a result or a cancellation was delivered); every later event is ignored.
    var isDone: Bool {
        phase == .finished || phase == .cancelled
    }

    /// The text kept and the words being heard, as one text.
    var transcript: String {
        Self.join(text, partial)
    }

    /// Whether "Continue speaking" can work now: nothing holds the audio and the recogniser is there.
    var canResume: Bool {
        canListen && isRecogniserAvailable && !isAudioInterrupted
    }

    /// What would be sent: the text without surrounding white space.
    var submission: String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the text can be sent: not blank, and no longer than January accepts.
    var canSubmit: Bool {
        Self.isSendable(text)
    }

    /// Takes one event.
    ///
    /// - Returns: The actions to perform, in order; empty when the event changes nothing.
    mutating func handle(_ event: Event) -> [Action] {
        guard !isDone else {
            return []
        }
        switch event {
        case .appeared(let environment):
            guard phase == .starting else {
                return []
            }
            self.environment = environment
            isRecogniserAvailable = environment.recogniser?.isAvailable ?? false
            return enter()
        case .continueTapped:
            guard phase == .permissionNotAsked else {
                return []
            }
            phase = .permissionPending
            return askNext()
        case .microphoneAnswered(let granted):
            guard phase == .permissionPending, environment.microphone == .notDetermined else {
                return []
            }
            environment.microphone = granted ? .granted : .denied
            return askNext()
        case .speechAnswered(let status):
            // Speech is asked only once the microphone is granted: an answer before that was never asked for.
            guard phase == .permissionPending, environment.microphone == .granted,
                environment.speech == .notDetermined
            else {
                return []
            }
            // An answer that is no answer counts as a no, so that the prompt is never asked for in a loop.
            environment.speech = status == .notDetermined ? .denied : status
            return askNext()
        case .speakTapped:
            return speak()
        case .stopTapped:
            guard phase == .listening else {
                return []
            }
            return end(.stopped)
        case .recognised(let words, let isFinal, let from):
            guard from == segment else {
                return []
            }
            return recognised(words, isFinal: isFinal)
        case .recognitionFailed(let from):
            guard from == segment else {
                return []
            }
            return stopOnItsOwn(.recognitionFailed)
        case .audioFailed(let from):
            guard from == segment else {
                return []
            }
            return stopOnItsOwn(.microphoneUnavailable)
        case .tick:
            return tick()
        case .audioInterruptionBegan:
            isAudioInterrupted = true
            if phase == .ready {
                phase = .interrupted(.audioSession)
                return []
            }
            return stopOnItsOwn(.audioSession)
        case .audioInterruptionEnded:
            // The user resumes: the microphone is never turned back on without a tap.
            isAudioInterrupted = false
            return []
        case .routeChanged(let change):
            // Only the microphone in use matters; once it is off, the next start takes the new route.
            guard phase == .listening else {
                return []
            }
            return interrupt(change == .disconnected ? .microphoneDisconnected : .microphoneChanged)
        case .recogniserAvailabilityChanged(let available):
            isRecogniserAvailable = available
            if available {
                if phase == .interrupted(.recogniserUnavailable), Self.isBlank(text) {
                    phase = .ready
                }
                return []
            }
            if phase == .ready {
                phase = .interrupted(.recogniserUnavailable)
                return []
            }
            return stopOnItsOwn(.recogniserUnavailable)
        case .suspended:
            return stopOnItsOwn(.suspended)
        case .editTapped:
            switch phase {
            case .misconfigured, .unsupported, .permissionNotAsked, .permissionDenied, .permissionRestricted, .ready,
                .nothingHeard, .interrupted, .failed:
                phase = .editing(nil)
            default:
                break
            }
            return []
        case .transcriptEdited(let edited):
            guard case .editing = phase else {
                return []
            }
            text = edited
            return []
        case .submitTapped:
            guard case .editing = phase, canSubmit else {
                return []
            }
            guard options.analyzesTranscript else {
                phase = .finished
                return [.deliver(.transcript(submission))]
            }
            return analyse()
        case .workFinished(let finished, let result):
            guard finished == attempt, phase == .analysing else {
                return []
            }
            switch result {
            case .success(let scan) where scan.detections.isEmpty:
                phase = .failed(.noFoods)
                return []
            case .success(let scan):
                phase = .finished
                return [.deliver(.meal(transcript: submission, scan: scan))]
            case .failure(let error):
                phase = .failed(Self.failure(for: error))
                return []
            }
        case .retryTapped:
            guard case .failed(let failure) = phase, Self.canRetry(failure) else {
                return []
            }
            return analyse()
        case .cancelTapped:
            var actions: [Action] = []
            switch phase {
            case .listening, .finishing:
                segment += 1
                actions.append(.stopListening)
            case .analysing:
                actions.append(.cancelWork(attempt: attempt))
            default:
                break
            }
            phase = .cancelled
            return actions + [.deliverCancellation]
        }
    }

    // MARK: - Permissions

    /// The state the environment allows: the Info.plist keys first (nothing may be asked without them), then the
    /// language and where it can be recognised (no prompt is worth showing for a voice that cannot work), then
    /// the permissions, restriction first (Settings cannot lift it).
    private mutating func enter() -> [Action] {
        canListen = false
        guard environment.hasMicrophoneUsageDescription, environment.hasSpeechRecognitionUsageDescription else {
            phase = .misconfigured
            return []
        }
        guard let recogniser = environment.recogniser else {
            phase = .unsupported(.language)
            return []
        }
        if recogniser.supportsOnDevice {
            recognition = .onDevice
        } else if options.allowsServerRecognition {
            recognition = .server
        } else {
            phase = .unsupported(.onDeviceRecognition)
            return []
        }
        switch (environment.microphone, environment.speech) {
        case (_, .restricted):
            phase = .permissionRestricted
        case (.denied, _):
            phase = .permissionDenied(.microphone)
        case (_, .denied):
            phase = .permissionDenied(.speechRecognition)
        case (.notDetermined, _), (_, .notDetermined):
            phase = .permissionNotAsked
        case (.granted, .authorized):
            canListen = true
            phase = isRecogniserAvailable ? .ready : .interrupted(.recogniserUnavailable)
        }
        return []
    }

    /// The next prompt, one at a time, the microphone first; once neither is undecided, the state they allow.
    private mutating func askNext() -> [Action] {
        if environment.microphone == .notDetermined {
            return [.requestMicrophonePermission]
        }
        if environment.microphone == .granted, environment.speech == .notDetermined {
            return [.requestSpeechPermission]
        }
        return enter()
    }

    // MARK: - Listening

    private var now: Int64 {
        Int64((clock.uptime() * 1_000).rounded())
    }

    private mutating func speak() -> [Action] {
        guard canListen else {
            return []
        }
        switch phase {
        case .ready, .nothingHeard, .editing:
            break
        case .interrupted where canResume:
            break
        default:
            return []
        }
        if isAudioInterrupted {
            phase = .interrupted(.audioSession)
            return []
        }
        if !isRecogniserAvailable {
            phase = .interrupted(.recogniserUnavailable)
            return []
        }
        segment += 1
        partial = ""
        listeningSince = now
        heardAt = nil
        phase = .listening
        return [.startListening(segment: segment, recognition), wake(at: listeningSince)]
    }

    private mutating func recognised(_ words: String, isFinal: Bool) -> [Action] {
        switch phase {
        case .listening:
            if isFinal {
                partial = words
                return complete(.recogniserFinished)
            }
            guard words != partial else {
                return []
            }
            partial = words
            if !Self.isBlank(words) {
                heardAt = now
            }
            return [wake(at: now)]
        case .finishing(let ending):
            partial = words
            return isFinal ? complete(ending) : []
        default:
            return []
        }
    }

    private mutating func tick() -> [Action] {
        let now = now
        switch phase {
        case .listening:
            if now - listeningSince >= options.maximumDurationMilliseconds {
                return end(.maximumDuration)
            }
            if let heardAt {
                if now - heardAt >= options.silenceWindowMilliseconds {
                    return end(.silence)
                }
            } else if now - listeningSince >= options.noSpeechTimeoutMilliseconds {
                // Nothing to wait for: the recogniser has no words to finish.
                return complete(.silence)
            }
            return [wake(at: now)]
        case .finishing(let ending):
            if now - finishingSince >= Self.finalWordsWaitMilliseconds {
                return complete(ending)
            }
            return [.wake(afterMilliseconds: finishingSince + Self.finalWordsWaitMilliseconds - now)]
        default:
            return []
        }
    }

    /// The tick for the nearest of the maximum duration, and the silence window after the last words (or the
    /// no-speech timeout before any).
    private func wake(at now: Int64) -> Action {
        let longest = listeningSince + options.maximumDurationMilliseconds
        let quiet =
            heardAt.map { $0 + options.silenceWindowMilliseconds }
            ?? listeningSince + options.noSpeechTimeoutMilliseconds
        return .wake(afterMilliseconds: max(0, min(longest, quiet) - now))
    }

    /// Turns the microphone off and waits for the recogniser's final words.
    private mutating func end(_ ending: Ending) -> [Action] {
        phase = .finishing(ending)
        finishingSince = now
        return [.finishListening, .wake(afterMilliseconds: Self.finalWordsWaitMilliseconds)]
    }

    /// Keeps the words, closes the segment and shows them for checking, or says nothing was heard.
    private mutating func complete(_ ending: Ending) -> [Action] {
        keepWords()
        phase = Self.isBlank(text) ? .nothingHeard : .editing(ending)
        return [.stopListening]
    }

    /// Listening stopped by something other than the user: while listening, the words so far are kept and the
    /// interruption shown; while the final words are awaited, the user already stopped, so the words are shown.
    private mutating func stopOnItsOwn(_ interruption: Interruption) -> [Action] {
        switch phase {
        case .listening:
            return interrupt(interruption)
        case .finishing(let ending):
            return complete(ending)
        default:
            return []
        }
    }

    private mutating func interrupt(_ interruption: Interruption) -> [Action] {
        keepWords()
        phase = .interrupted(interruption)
        return [.stopListening]
    }

    /// Moves the segment's words into the kept text, and closes the segment so that its late words are dropped.
    private mutating func keepWords() {
        text = transcript
        partial = ""
        segment += 1
    }

    // MARK: - Analysis

    private mutating func analyse() -> [Action] {
        attempt += 1
        phase = .analysing
        return [.analyse(submission, attempt: attempt)]
    }

    static func failure(for error: JanuaryError) -> Failure {
        // One decision for every screen of the module, the scanner's included: `JanuaryError.recovery`. "Try
        // again" only where the same text may pass later: never for a spent monthly allowance, the same text, a
        // refused account, a setup fault or a kind added later.
        let recovery = error.recovery.kind
        if recovery == .retryWhenOnline {
            return .offline
        }
        return .january(
            sentence: MealScannerStringKey.sentence(for: error).localized, canRetry: recovery == .retryLater)
    }

    static func canRetry(_ failure: Failure) -> Bool {
        switch failure {
        case .offline: return true
        case .noFoods: return false
        case .january(_, let canRetry): return canRetry
        }
    }

    // MARK: - Text

    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    static func isSendable(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return !isBlank(trimmed) && trimmed.unicodeScalars.count <= maximumTextLength
    }

    /// Two pieces of text with one space between, or either alone.
    static func join(_ first: String, _ second: String) -> String {
        let head = first.trimmingCharacters(in: .whitespacesAndNewlines)
        let tail = second.trimmingCharacters(in: .whitespacesAndNewlines)
        if head.isEmpty {
            return tail
        }
        return tail.isEmpty ? head : head + " " + tail
    }
}
