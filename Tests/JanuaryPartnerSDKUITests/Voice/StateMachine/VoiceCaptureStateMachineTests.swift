import Foundation
import JanuaryCore
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Voice capture's state machine: permissions, listening, interruptions, editing, analysis", suiteTimeLimit())
struct VoiceCaptureStateMachineTests {
    // MARK: - Appearing and permissions

    @Test(
        "appearing picks the state the device allows: the Info.plist keys, the language, then the permissions",
        arguments: [
            (voiceAllowed, false, Voice.Phase.ready),
            // Without either key nothing is requested, whatever the permissions say.
            (voiceEnvironment(microphoneKey: false, .granted, .authorized), false, .misconfigured),
            (voiceEnvironment(speechKey: false, .notDetermined, .notDetermined), false, .misconfigured),
            (voiceEnvironment(microphoneKey: false, speechKey: false, .granted, .authorized), true, .misconfigured),
            // No prompt is worth showing for a voice that cannot work.
            (voiceEnvironment(.notDetermined, .notDetermined, recogniser: nil), false, .unsupported(.language)),
            (
                voiceEnvironment(.notDetermined, .notDetermined, recogniser: recogniserServerOnly), false,
                .unsupported(.onDeviceRecognition)
            ),
            // The partner's opt-in lets the server recognise what the device cannot.
            (voiceEnvironment(.granted, .authorized, recogniser: recogniserServerOnly), true, .ready),
            (voiceEnvironment(.notDetermined, .notDetermined), false, .permissionNotAsked),
            (voiceEnvironment(.granted, .notDetermined), false, .permissionNotAsked),
            (voiceEnvironment(.notDetermined, .authorized), false, .permissionNotAsked),
            (voiceEnvironment(.denied, .authorized), false, .permissionDenied(.microphone)),
            (voiceEnvironment(.granted, .denied), false, .permissionDenied(.speechRecognition)),
            (voiceEnvironment(.denied, .denied), false, .permissionDenied(.microphone)),
            // Settings cannot lift a restriction, so it comes before a refusal.
            (voiceEnvironment(.denied, .restricted), false, .permissionRestricted),
            (voiceEnvironment(.notDetermined, .restricted), false, .permissionRestricted),
            (
                voiceEnvironment(.granted, .authorized, recogniser: .init(supportsOnDevice: true, isAvailable: false)),
                false, .interrupted(.recogniserUnavailable)
            ),
        ])
    func appearing(environment: Voice.Environment, allowsServer: Bool, phase: Voice.Phase) {
        var harness = VoiceHarness(options: VoiceCaptureOptions(allowsServerRecognition: allowsServer))
        #expect(harness.send(.appeared(environment)) == [])
        #expect(harness.phase == phase)
        let allowed = phase == .ready || phase == .interrupted(.recogniserUnavailable)
        #expect(harness.machine.canListen == allowed)
    }

    @Test(
        "recognition runs on the device whenever it can, on Apple's servers only when the device cannot and the app allows it",
        arguments: [
            (recogniserOnDevice, false, Voice.Recognition.onDevice),
            (recogniserOnDevice, true, .onDevice),
            (recogniserServerOnly, true, .server),
        ])
    func recognition(recogniser: Voice.Recogniser, allowsServer: Bool, recognition: Voice.Recognition) {
        var harness = VoiceHarness(
            options: VoiceCaptureOptions(allowsServerRecognition: allowsServer),
            [.appeared(voiceEnvironment(.granted, .authorized, recogniser: recogniser))])
        #expect(
            harness.send(.speakTapped, at: 0) == [
                .startListening(segment: 1, recognition), .wake(afterMilliseconds: 8_000),
            ])
    }

    @Test(
        "Continue asks iOS one prompt at a time, the microphone first, then shows what the answers allow",
        arguments: [
            // (microphone, speech, answers, actions after each, final phase)
            (
                Voice.MicrophonePermission.notDetermined, Voice.SpeechPermission.notDetermined,
                [Voice.Event.microphoneAnswered(granted: true), .speechAnswered(.authorized)],
                [[Voice.Action.requestMicrophonePermission], [.requestSpeechPermission], []], Voice.Phase.ready
            ),
            // A refused microphone makes the speech prompt pointless: it is not shown.
            (
                .notDetermined, .notDetermined, [.microphoneAnswered(granted: false)],
                [[.requestMicrophonePermission], []], .permissionDenied(.microphone)
            ),
            (
                .notDetermined, .notDetermined, [.microphoneAnswered(granted: true), .speechAnswered(.denied)],
                [[.requestMicrophonePermission], [.requestSpeechPermission], []], .permissionDenied(.speechRecognition)
            ),
            (
                .notDetermined, .notDetermined, [.microphoneAnswered(granted: true), .speechAnswered(.restricted)],
                [[.requestMicrophonePermission], [.requestSpeechPermission], []], .permissionRestricted
            ),
            // An answer that is no answer counts as a no, so the prompt is not asked for in a loop.
            (
                .notDetermined, .notDetermined, [.microphoneAnswered(granted: true), .speechAnswered(.notDetermined)],
                [[.requestMicrophonePermission], [.requestSpeechPermission], []], .permissionDenied(.speechRecognition)
            ),
            (.granted, .notDetermined, [.speechAnswered(.authorized)], [[.requestSpeechPermission], []], .ready),
            (
                .notDetermined, .authorized, [.microphoneAnswered(granted: true)],
                [[.requestMicrophonePermission], []], .ready
            ),
        ] as [(Voice.MicrophonePermission, Voice.SpeechPermission, [Voice.Event], [[Voice.Action]], Voice.Phase)])
    func prompts(
        microphone: Voice.MicrophonePermission, speech: Voice.SpeechPermission, answers: [Voice.Event],
        actions: [[Voice.Action]], phase: Voice.Phase
    ) {
        var harness = VoiceHarness([.appeared(voiceEnvironment(microphone, speech))])
        #expect(harness.phase == .permissionNotAsked)
        var seen = [harness.send(.continueTapped)]
        #expect(harness.phase == .permissionPending)
        // A second tap while a prompt shows asks nothing more.
        #expect(harness.send(.continueTapped) == [])
        for answer in answers {
            seen.append(harness.send(answer))
        }
        #expect(seen == actions)
        #expect(harness.phase == phase)
    }

    @Test("an answer nobody asked for changes nothing")
    func unaskedAnswers() {
        var harness = VoiceHarness([.appeared(voiceEnvironment(.notDetermined, .notDetermined)), .continueTapped])
        // The speech prompt is not showing yet.
        #expect(harness.send(.speechAnswered(.authorized)) == [])
        #expect(harness.send(.microphoneAnswered(granted: true)) == [.requestSpeechPermission])
        // The microphone was answered already.
        #expect(harness.send(.microphoneAnswered(granted: false)) == [])
        #expect(harness.phase == .permissionPending)
    }

    // MARK: - Partial and final words

    @Test("partial words show as they come; the recogniser's final words replace them")
    func partialAndFinal() {
        var harness = VoiceHarness([.appeared(voiceAllowed)])
        #expect(
            harness.send(.speakTapped, at: 0) == [
                .startListening(segment: 1, .onDevice), .wake(afterMilliseconds: 8_000),
            ])
        // Each new word moves the silence window: it now ends two seconds after it.
        #expect(
            harness.send(.recognised("two", isFinal: false, segment: 1), at: 1_000) == [.wake(afterMilliseconds: 2_000)]
        )
        #expect(harness.machine.transcript == "two")
        #expect(
            harness.send(.recognised("two eggs", isFinal: false, segment: 1), at: 1_500) == [
                .wake(afterMilliseconds: 2_000)
            ])
        #expect(harness.machine.transcript == "two eggs")
        #expect(harness.send(.stopTapped, at: 2_000) == [.finishListening, .wake(afterMilliseconds: 1_500)])
        #expect(harness.phase == .finishing(.stopped))
        // A revision while finishing, then the final words.
        #expect(harness.send(.recognised("two eggs and", isFinal: false, segment: 1)) == [])
        #expect(harness.machine.transcript == "two eggs and")
        #expect(harness.send(.recognised("Two eggs and toast", isFinal: true, segment: 1)) == [.stopListening])
        #expect(harness.phase == .editing(.stopped))
        #expect(harness.machine.text == "Two eggs and toast")
        // Late words of the closed segment are dropped.
        #expect(harness.send(.recognised("Two eggs and toast.", isFinal: true, segment: 1)) == [])
        #expect(harness.machine.text == "Two eggs and toast")
    }

    @Test("when the recogniser ends the speech itself, its final words go straight to checking")
    func recogniserFinished() {
        var harness = VoiceHarness(VoiceRoute.heard)
        #expect(harness.send(.recognised("two eggs please", isFinal: true, segment: 1)) == [.stopListening])
        #expect(harness.phase == .editing(.recogniserFinished))
        #expect(harness.machine.text == "two eggs please")
    }

    @Test("words of another segment are dropped, before and after it", arguments: [0, 2])
    func otherSegments(segment: Int) {
        var harness = VoiceHarness(VoiceRoute.listening)
        #expect(harness.send(.recognised("coffee", isFinal: false, segment: segment)) == [])
        #expect(harness.send(.recognised("coffee", isFinal: true, segment: segment)) == [])
        #expect(harness.send(.recognitionFailed(segment: segment)) == [])
        #expect(harness.send(.audioFailed(segment: segment)) == [])
        #expect(harness.machine.transcript == "")
        #expect(harness.phase == .listening)
    }

    @Test("the same words again, or only white space, are not speech: they move no deadline")
    func nothingNew() {
        var harness = VoiceHarness(VoiceRoute.listening)
        _ = harness.send(.recognised("tea", isFinal: false, segment: 1), at: 1_000)
        #expect(harness.send(.recognised("tea", isFinal: false, segment: 1), at: 2_000) == [])
        // Silence counts from the first "tea".
        #expect(harness.send(.tick, at: 3_000) == [.finishListening, .wake(afterMilliseconds: 1_500)])

        var blank = VoiceHarness(VoiceRoute.listening)
        #expect(
            blank.send(.recognised(" ", isFinal: false, segment: 1), at: 1_000) == [.wake(afterMilliseconds: 7_000)])
        #expect(blank.send(.tick, at: 8_000) == [.stopListening])
        #expect(blank.phase == .nothingHeard)
    }

    // MARK: - Time limits, on the manual clock

    @Test(
        "the silence window ends listening, measured from the last new words, at exactly its length",
        arguments: [
            // (silence window in seconds, the last words' time, the tick, whether listening ends)
            (2.0, Int64(500), Int64(2_499), false),
            (2.0, 500, 2_500, true),
            (2.0, 4_000, 5_999, false),
            (2.0, 4_000, 6_000, true),
            (0.5, 1_000, 1_499, false),
            (0.5, 1_000, 1_500, true),
            // Out of range: brought to 0.5 s and 10 s.
            (0.1, 1_000, 1_499, false),
            (0.1, 1_000, 1_500, true),
            (60, 1_000, 10_999, false),
            (60, 1_000, 11_000, true),
            // Not a number: the default.
            (.nan, 1_000, 2_999, false),
            (.nan, 1_000, 3_000, true),
        ] as [(TimeInterval, Int64, Int64, Bool)])
    func silence(window: TimeInterval, lastWords: Int64, tick: Int64, ends: Bool) {
        var harness = VoiceHarness(options: VoiceCaptureOptions(silenceWindow: window), [.appeared(voiceAllowed)])
        _ = harness.send(.speakTapped, at: 0)
        _ = harness.send(.recognised("an", isFinal: false, segment: 1), at: min(lastWords, 100))
        _ = harness.send(.recognised("an apple", isFinal: false, segment: 1), at: lastWords)
        let actions = harness.send(.tick, at: tick)
        if ends {
            #expect(actions == [.finishListening, .wake(afterMilliseconds: 1_500)])
            #expect(harness.phase == .finishing(.silence))
        } else {
            // An early tick only asks again for the rest of the window.
            let window = harness.machine.options.silenceWindowMilliseconds
            #expect(actions == [.wake(afterMilliseconds: lastWords + window - tick)])
            #expect(harness.phase == .listening)
        }
    }

    @Test(
        "before any words the wait is the no-speech timeout; nothing heard says so instead of an empty text",
        arguments: [
            (8.0, Int64(7_999), false), (8.0, 8_000, true), (3.0, 2_999, false), (3.0, 3_000, true),
            (0.0, 1_999, false), (0.0, 2_000, true), (.infinity, 29_999, false), (.infinity, 30_000, true),
        ] as [(TimeInterval, Int64, Bool)])
    func noSpeech(timeout: TimeInterval, tick: Int64, ends: Bool) {
        // A maximum above the longest no-speech timeout, so that only the timeout is tested.
        var harness = VoiceHarness(
            options: VoiceCaptureOptions(noSpeechTimeout: timeout, maximumDuration: 60), [.appeared(voiceAllowed)])
        _ = harness.send(.speakTapped, at: 0)
        let actions = harness.send(.tick, at: tick)
        if ends {
            // Nothing for the recogniser to finish: the microphone goes off at once.
            #expect(actions == [.stopListening])
            #expect(harness.phase == .nothingHeard)
        } else {
            #expect(actions == [.wake(afterMilliseconds: harness.machine.options.noSpeechTimeoutMilliseconds - tick)])
            #expect(harness.phase == .listening)
        }
    }

    @Test(
        "the maximum duration ends listening however much is still being said",
        arguments: [
            (30.0, Int64(29_999), false), (30.0, 30_000, true), (5.0, 4_999, false), (5.0, 5_000, true),
            (1.0, 5_000, true), (600, 59_999, false), (600, 60_000, true),
        ] as [(TimeInterval, Int64, Bool)])
    func maximumDuration(seconds: TimeInterval, tick: Int64, ends: Bool) {
        var harness = VoiceHarness(options: VoiceCaptureOptions(maximumDuration: seconds), [.appeared(voiceAllowed)])
        _ = harness.send(.speakTapped, at: 0)
        // A word every second keeps the silence window from ever ending.
        var words = ""
        for second in stride(from: Int64(1_000), to: tick, by: 1_000) {
            words += "a "
            _ = harness.send(.recognised(words, isFinal: false, segment: 1), at: second)
        }
        let actions = harness.send(.tick, at: tick)
        if ends {
            #expect(actions == [.finishListening, .wake(afterMilliseconds: 1_500)])
            #expect(harness.phase == .finishing(.maximumDuration))
        } else {
            #expect(harness.phase == .listening)
        }
    }

    @Test("the wake asked for is the nearest deadline: the maximum duration when it comes before the silence")
    func nearestDeadline() {
        var harness = VoiceHarness(options: VoiceCaptureOptions(maximumDuration: 5), [.appeared(voiceAllowed)])
        #expect(
            harness.send(.speakTapped, at: 0) == [
                .startListening(segment: 1, .onDevice), .wake(afterMilliseconds: 5_000),
            ])
        #expect(
            harness.send(.recognised("soup", isFinal: false, segment: 1), at: 4_000) == [
                .wake(afterMilliseconds: 1_000)
            ])
        #expect(harness.send(.tick, at: 5_000) == [.finishListening, .wake(afterMilliseconds: 1_500)])
        #expect(harness.phase == .finishing(.maximumDuration))
    }

    @Test(
        "without final words the recogniser has 1.5 s, then the last partial words are kept",
        arguments: [(Int64(3_499), false), (3_500, true)] as [(Int64, Bool)])
    func finalWordsWait(tick: Int64, completes: Bool) {
        var harness = VoiceHarness([.appeared(voiceAllowed)])
        _ = harness.play([
            (0, .speakTapped), (1_000, .recognised("rice", isFinal: false, segment: 1)), (2_000, .stopTapped),
        ])
        let actions = harness.send(.tick, at: tick)
        if completes {
            #expect(actions == [.stopListening])
            #expect(harness.phase == .editing(.stopped))
            #expect(harness.machine.text == "rice")
        } else {
            #expect(actions == [.wake(afterMilliseconds: 3_500 - tick)])
            #expect(harness.phase == .finishing(.stopped))
        }
    }

    @Test("a tick outside listening and finishing does nothing", arguments: VoiceRoute.everyState)
    func ticks(events: [Voice.Event], phase: Voice.Phase) {
        var harness = VoiceHarness(events)
        harness.clock.advance(by: 100)
        let actions = harness.send(.tick)
        switch phase {
        case .listening, .finishing:
            #expect(!actions.isEmpty)
        default:
            #expect(actions == [])
            #expect(harness.phase == phase)
        }
    }

    // MARK: - Interruptions and resumption

    @Test(
        "listening stops on its own with a screen for each cause; the words so far are kept",
        arguments: [
            (Voice.Event.audioInterruptionBegan, Voice.Interruption.audioSession, false),
            (.routeChanged(.disconnected), .microphoneDisconnected, true),
            (.routeChanged(.changed), .microphoneChanged, true),
            (.recogniserAvailabilityChanged(false), .recogniserUnavailable, false),
            (.audioFailed(segment: 1), .microphoneUnavailable, true),
            (.recognitionFailed(segment: 1), .recognitionFailed, true),
            (.suspended, .suspended, true),
        ])
    func interruptions(event: Voice.Event, interruption: Voice.Interruption, canResume: Bool) {
        var harness = VoiceHarness(VoiceRoute.heard)
        #expect(harness.send(event) == [.stopListening])
        #expect(harness.phase == .interrupted(interruption))
        #expect(harness.machine.text == "two eggs")
        #expect(harness.machine.canResume == canResume)
        // The stopped segment's late words are dropped.
        #expect(harness.send(.recognised("two eggs and", isFinal: true, segment: 1)) == [])
        #expect(harness.machine.transcript == "two eggs")
    }

    @Test("after a call the user resumes: nothing turns the microphone back on but a tap, and new words are added")
    func callAndResume() {
        var harness = VoiceHarness(VoiceRoute.heard)
        _ = harness.send(.audioInterruptionBegan)
        // While the call lasts, speaking cannot start.
        #expect(harness.send(.speakTapped) == [])
        #expect(harness.send(.audioInterruptionEnded) == [])
        #expect(harness.phase == .interrupted(.audioSession))
        #expect(harness.machine.canResume)
        #expect(
            harness.send(.speakTapped, at: 10_000) == [
                .startListening(segment: 3, .onDevice), .wake(afterMilliseconds: 8_000),
            ])
        _ = harness.send(.recognised("and toast", isFinal: false, segment: 3), at: 11_000)
        #expect(harness.machine.transcript == "two eggs and toast")
        _ = harness.send(.tick, at: 13_000)
        _ = harness.send(.recognised("and toast", isFinal: true, segment: 3))
        #expect(harness.phase == .editing(.silence))
        #expect(harness.machine.text == "two eggs and toast")
    }

    @Test("a call while ready shows the paused screen; speaking waits for its end")
    func callWhileReady() {
        var harness = VoiceHarness([.appeared(voiceAllowed)])
        #expect(harness.send(.audioInterruptionBegan) == [])
        #expect(harness.phase == .interrupted(.audioSession))
        #expect(harness.send(.speakTapped) == [])
        _ = harness.send(.audioInterruptionEnded)
        #expect(
            harness.send(.speakTapped) == [.startListening(segment: 1, .onDevice), .wake(afterMilliseconds: 8_000)])
    }

    @Test("a call that began while checking the text keeps \"Speak again\" from starting until it ends")
    func callWhileEditing() {
        var harness = VoiceHarness(VoiceRoute.editing)
        #expect(harness.send(.audioInterruptionBegan) == [])
        #expect(harness.phase == .editing(.stopped))
        #expect(harness.send(.speakTapped) == [])
        #expect(harness.phase == .interrupted(.audioSession))
        #expect(harness.machine.text == "two eggs")
    }

    @Test("the recogniser unavailable: at appearance, while ready, and back again")
    func recogniserUnavailable() {
        let unavailable = voiceEnvironment(
            .granted, .authorized, recogniser: .init(supportsOnDevice: true, isAvailable: false))
        var harness = VoiceHarness([.appeared(unavailable)])
        #expect(harness.phase == .interrupted(.recogniserUnavailable))
        #expect(harness.send(.speakTapped) == [])
        // Back with nothing heard yet: ready, as if it had always been there.
        #expect(harness.send(.recogniserAvailabilityChanged(true)) == [])
        #expect(harness.phase == .ready)
        #expect(harness.send(.recogniserAvailabilityChanged(false)) == [])
        #expect(harness.phase == .interrupted(.recogniserUnavailable))

        // With words kept, the screen stays, now offering to continue.
        var heard = VoiceHarness(VoiceRoute.heard + [.recogniserAvailabilityChanged(false)])
        #expect(heard.send(.recogniserAvailabilityChanged(true)) == [])
        #expect(heard.phase == .interrupted(.recogniserUnavailable))
        #expect(heard.machine.canResume)
        // From editing, speaking again while it is gone shows why it cannot.
        var editing = VoiceHarness(VoiceRoute.editing + [.recogniserAvailabilityChanged(false)])
        #expect(editing.phase == .editing(.stopped))
        #expect(editing.send(.speakTapped) == [])
        #expect(editing.phase == .interrupted(.recogniserUnavailable))
    }

    @Test(
        "once the user stopped, anything that stops listening only ends the wait for the final words",
        arguments: [
            Voice.Event.audioInterruptionBegan, .recogniserAvailabilityChanged(false), .audioFailed(segment: 1),
            .recognitionFailed(segment: 1), .suspended,
        ])
    func stoppingWhileFinishing(event: Voice.Event) {
        var harness = VoiceHarness(VoiceRoute.finishing)
        #expect(harness.send(event) == [.stopListening])
        #expect(harness.phase == .editing(.stopped))
        #expect(harness.machine.text == "two eggs")
    }

    @Test("a route change matters only to the microphone in use", arguments: VoiceRoute.everyState)
    func routeChanges(events: [Voice.Event], phase: Voice.Phase) {
        var harness = VoiceHarness(events)
        let actions = harness.send(.routeChanged(.disconnected))
        if phase == .listening {
            #expect(actions == [.stopListening])
        } else {
            #expect(actions == [])
            #expect(harness.phase == phase)
        }
    }

    @Test("a failure with nothing heard offers to start again, not to continue")
    func failureBeforeWords() {
        var harness = VoiceHarness(VoiceRoute.listening)
        #expect(harness.send(.recognitionFailed(segment: 1)) == [.stopListening])
        #expect(harness.machine.transcript == "")
        #expect(
            harness.send(.speakTapped) == [.startListening(segment: 3, .onDevice), .wake(afterMilliseconds: 8_000)])
    }

    // MARK: - Checking and editing the text

    @Test("the user's edit is what is sent, without surrounding white space")
    func editBeforeSending() {
        var harness = VoiceHarness(VoiceRoute.editing)
        #expect(harness.send(.transcriptEdited("  two boiled eggs\n")) == [])
        #expect(harness.send(.submitTapped) == [.analyse("two boiled eggs", attempt: 1)])
        #expect(harness.phase == .analysing)
        #expect(
            harness.send(.workFinished(attempt: 1, .success(breakfast))) == [
                .deliver(.meal(transcript: "two boiled eggs", scan: breakfast))
            ])
        #expect(harness.phase == .finished)
    }

    @Test("without analysis the checked text itself is delivered")
    func transcriptOnly() {
        var harness = VoiceHarness(
            options: VoiceCaptureOptions(analyzesTranscript: false),
            VoiceRoute.editing + [.transcriptEdited("two eggs ")])
        #expect(harness.send(.submitTapped) == [.deliver(.transcript("two eggs"))])
        #expect(harness.phase == .finished)
    }

    @Test(
        "only a text January accepts can be sent: not blank, at most 512 characters as January counts them",
        arguments: [
            ("", false), (" \n\t", false), ("a", true), (String(repeating: "a", count: 512), true),
            (String(repeating: "a", count: 513), false), ("  " + String(repeating: "a", count: 512) + "  ", true),
            // January counts Unicode scalars: a flag is two, an accented letter written as two is two.
            (String(repeating: "🇫🇷", count: 256), true), (String(repeating: "🇫🇷", count: 257), false),
            (String(repeating: "e\u{301}", count: 257), false),
        ])
    func sendable(text: String, accepted: Bool) {
        var harness = VoiceHarness(VoiceRoute.editing + [.transcriptEdited(text)])
        #expect(harness.machine.canSubmit == accepted)
        #expect(harness.send(.submitTapped).isEmpty == !accepted)
    }

    @Test("speaking again from the text adds to it, edits included")
    func speakAgain() {
        var harness = VoiceHarness(VoiceRoute.editing + [.transcriptEdited("two boiled eggs")])
        #expect(
            harness.send(.speakTapped, at: 0) == [
                .startListening(segment: 3, .onDevice), .wake(afterMilliseconds: 8_000),
            ])
        _ = harness.send(.recognised("and a coffee", isFinal: false, segment: 3), at: 500)
        #expect(harness.machine.transcript == "two boiled eggs and a coffee")
        _ = harness.send(.stopTapped)
        _ = harness.send(.recognised("and a coffee", isFinal: true, segment: 3))
        #expect(harness.machine.text == "two boiled eggs and a coffee")
        // Nothing new said: the text is kept, not replaced by "nothing heard".
        _ = harness.send(.speakTapped, at: 1_000)
        #expect(harness.send(.tick, at: 9_000) == [.stopListening])
        #expect(harness.phase == .editing(.silence))
        #expect(harness.machine.text == "two boiled eggs and a coffee")
    }

    @Test(
        "typing instead is offered wherever voice cannot be used or was not",
        arguments: VoiceRoute.everyState)
    func typeInstead(events: [Voice.Event], phase: Voice.Phase) {
        var harness = VoiceHarness(events)
        _ = harness.send(.editTapped)
        switch phase {
        case .starting, .permissionPending, .listening, .finishing, .analysing, .editing:
            #expect(harness.phase == phase)
        default:
            #expect(harness.phase == .editing(nil))
        }
    }

    @Test("typing after a refusal never turns the microphone on")
    func typingWithoutPermission() {
        var harness = VoiceHarness([.appeared(voiceEnvironment(.denied, .authorized)), .editTapped])
        #expect(harness.send(.speakTapped) == [])
        #expect(harness.phase == .editing(nil))
        _ = harness.send(.transcriptEdited("porridge"))
        #expect(harness.send(.submitTapped) == [.analyse("porridge", attempt: 1)])
    }

    // MARK: - Analysis

    @Test(
        "a failed analysis becomes the screen for it; a spent monthly allowance is never offered again",
        arguments: [
            (voiceError(.network, .notConnectedToInternet), Voice.Failure.offline),
            (
                voiceError(.rateLimited, .rateLimited),
                .january(
                    sentence: "Too many requests were made just now. Please wait a moment and try again.",
                    canRetry: true)
            ),
            (
                voiceError(.rateLimited, .requestLimitExceeded),
                .january(sentence: voiceError(.rateLimited, .requestLimitExceeded).errorDescription!, canRetry: false)
            ),
            (
                voiceError(.rateLimited, .creditLimitExceeded),
                .january(sentence: voiceError(.rateLimited, .creditLimitExceeded).errorDescription!, canRetry: false)
            ),
            (
                voiceError(.invalidInput, .invalidRequest),
                .january(
                    sentence: "The request could not be completed because some of its details are not valid.",
                    canRetry: false)
            ),
            (
                voiceError(.authorization, .scopeInsufficient),
                .january(sentence: "This account is not allowed to do that.", canRetry: false)
            ),
            (
                voiceError(.server, .upstreamTimeout),
                .january(sentence: "The nutrition service is having trouble. Please try again later.", canRetry: true)
            ),
            (
                voiceError(.timeout, .requestTimeout),
                .january(sentence: voiceError(.timeout, .requestTimeout).errorDescription!, canRetry: true)
            ),
        ])
    func failures(error: JanuaryError, failure: Voice.Failure) {
        var harness = VoiceHarness(VoiceRoute.analysing)
        #expect(harness.send(.workFinished(attempt: 1, .failure(error))) == [])
        #expect(harness.phase == .failed(failure))
        let retry = harness.send(.retryTapped)
        #expect(retry == (Voice.canRetry(failure) ? [.analyse("two eggs", attempt: 2)] : []))
    }

    @Test("an analysis that finds no food asks for a better text instead of delivering an empty meal")
    func noFoods() {
        var harness = VoiceHarness(VoiceRoute.analysing)
        #expect(harness.send(.workFinished(attempt: 1, .success(FoodScan(detections: [])))) == [])
        #expect(harness.phase == .failed(.noFoods))
        #expect(harness.send(.retryTapped) == [])
        _ = harness.send(.editTapped)
        #expect(harness.phase == .editing(nil))
        #expect(harness.machine.text == "two eggs")
    }

    @Test("retry sends the same text as a new attempt, and the old attempt's late answer is dropped")
    func retry() {
        var harness = VoiceHarness(VoiceRoute.analysing)
        _ = harness.send(.workFinished(attempt: 1, .failure(voiceError(.network, .notConnectedToInternet))))
        #expect(harness.send(.retryTapped) == [.analyse("two eggs", attempt: 2)])
        #expect(harness.send(.workFinished(attempt: 1, .success(breakfast))) == [])
        #expect(harness.phase == .analysing)
        #expect(
            harness.send(.workFinished(attempt: 2, .success(breakfast))) == [
                .deliver(.meal(transcript: "two eggs", scan: breakfast))
            ])
    }

    // MARK: - Cancel, and events a state does not expect

    @Test("cancel works from every state, stops what runs and is delivered once", arguments: VoiceRoute.everyState)
    func cancel(events: [Voice.Event], phase: Voice.Phase) {
        var harness = VoiceHarness(events)
        let stops: [Voice.Action]
        switch phase {
        case .listening, .finishing: stops = [.stopListening]
        case .analysing: stops = [.cancelWork(attempt: 1)]
        default: stops = []
        }
        #expect(harness.send(.cancelTapped) == stops + [.deliverCancellation])
        #expect(harness.phase == .cancelled)
        // Done means done: nothing more is delivered or started.
        #expect(harness.send(.cancelTapped) == [])
        #expect(harness.send(.workFinished(attempt: 1, .success(breakfast))) == [])
        #expect(harness.send(.speakTapped) == [])
        #expect(harness.send(.recognised("late", isFinal: true, segment: harness.machine.segment)) == [])
        #expect(harness.send(.tick) == [])
    }

    @Test("once delivered, nothing more happens")
    func finished() {
        var harness = VoiceHarness(VoiceRoute.analysing + [.workFinished(attempt: 1, .success(breakfast))])
        #expect(harness.phase == .finished)
        for event in [Voice.Event.cancelTapped, .retryTapped, .editTapped, .submitTapped, .speakTapped, .suspended] {
            #expect(harness.send(event) == [])
        }
        #expect(harness.phase == .finished)
    }

    @Test(
        "an event the state does not expect changes nothing",
        arguments: [
            // Appearing twice.
            ([Voice.Event.appeared(voiceAllowed)], Voice.Event.appeared(voiceEnvironment(.denied, .denied))),
            // Nothing happens before appearing.
            ([], .continueTapped), ([], .speakTapped), ([], .stopTapped), ([], .submitTapped), ([], .retryTapped),
            ([], .microphoneAnswered(granted: true)), ([], .recognised("x", isFinal: true, segment: 0)),
            ([], .transcriptEdited("x")), ([], .editTapped),
            // Buttons the screen does not show.
            ([.appeared(voiceAllowed)], .continueTapped), ([.appeared(voiceAllowed)], .stopTapped),
            ([.appeared(voiceAllowed)], .submitTapped), ([.appeared(voiceAllowed)], .retryTapped),
            ([.appeared(voiceEnvironment(.notDetermined, .notDetermined))], .speakTapped),
            ([.appeared(voiceEnvironment(.denied, .authorized))], .speakTapped),
            ([.appeared(voiceEnvironment(.granted, .authorized, recogniser: nil))], .speakTapped),
            (VoiceRoute.listening, .speakTapped), (VoiceRoute.listening, .submitTapped),
            (VoiceRoute.listening, .transcriptEdited("x")), (VoiceRoute.finishing, .stopTapped),
            (VoiceRoute.finishing, .speakTapped), (VoiceRoute.analysing, .submitTapped),
            (VoiceRoute.analysing, .speakTapped), (VoiceRoute.analysing, .transcriptEdited("x")),
            (VoiceRoute.editing, .retryTapped), (VoiceRoute.editing, .stopTapped),
            // Words and failures with nothing listening.
            ([.appeared(voiceAllowed)], .recognised("x", isFinal: false, segment: 0)),
            (VoiceRoute.editing, .recognised("x", isFinal: true, segment: 2)),
            (VoiceRoute.editing, .recognitionFailed(segment: 2)), (VoiceRoute.editing, .suspended),
            // An answer for an attempt that is not running.
            (VoiceRoute.editing, .workFinished(attempt: 1, .success(breakfast))),
        ])
    func ignored(before: [Voice.Event], event: Voice.Event) {
        var harness = VoiceHarness(before)
        let phase = harness.phase
        let text = harness.machine.transcript
        let segment = harness.machine.segment
        let attempt = harness.machine.attempt
        #expect(harness.send(event) == [])
        #expect(harness.phase == phase)
        #expect(harness.machine.transcript == text)
        #expect(harness.machine.segment == segment)
        #expect(harness.machine.attempt == attempt)
    }

    // MARK: - Options and the configuration check

    @Test(
        "durations are brought into their ranges, so no setting stops capture from ending",
        arguments: [
            (2.0, Int64(2_000)), (0.5, 500), (0, 500), (-3, 500), (10, 10_000), (11, 10_000), (.infinity, 10_000),
            (-.infinity, 500), (.nan, 2_000), (1.2344, 1_234), (1.2346, 1_235), (1e300, 10_000),
        ] as [(TimeInterval, Int64)])
    func clamping(seconds: TimeInterval, milliseconds: Int64) {
        #expect(VoiceCaptureOptions(silenceWindow: seconds).silenceWindowMilliseconds == milliseconds)
    }

    @Test("the defaults: 2 s of silence, 8 s for the first words, 30 s at most, on the device, analysed")
    func defaults() {
        let options = VoiceCaptureOptions()
        #expect(options.silenceWindowMilliseconds == 2_000)
        #expect(options.noSpeechTimeoutMilliseconds == 8_000)
        #expect(options.maximumDurationMilliseconds == 30_000)
        #expect(!options.allowsServerRecognition)
        #expect(options.analyzesTranscript)
        #expect(options.locale == nil)
    }

    @Test(
        "both Info.plist keys are checked: missing, not text or blank is a configuration error naming each",
        arguments: [
            (nil, ["NSMicrophoneUsageDescription", "NSSpeechRecognitionUsageDescription"]),
            ([:], ["NSMicrophoneUsageDescription", "NSSpeechRecognitionUsageDescription"]),
            (["NSMicrophoneUsageDescription": "To hear your meals."], ["NSSpeechRecognitionUsageDescription"]),
            (
                ["NSMicrophoneUsageDescription": 1, "NSSpeechRecognitionUsageDescription": "To read your meals."],
                ["NSMicrophoneUsageDescription"]
            ),
            (
                ["NSMicrophoneUsageDescription": " \n", "NSSpeechRecognitionUsageDescription": "\t"],
                ["NSMicrophoneUsageDescription", "NSSpeechRecognitionUsageDescription"]
            ),
            (
                [
                    "NSMicrophoneUsageDescription": "To hear your meals.",
                    "NSSpeechRecognitionUsageDescription": "To read them.",
                ],
                []
            ),
        ] as [([String: any Sendable]?, [String])])
    func usageDescriptions(info: [String: any Sendable]?, missing: [String]) throws {
        let dictionary = info.map { $0.mapValues { $0 as Any } }
        if missing.isEmpty {
            try VoiceCaptureConfigurationError.checkUsageDescriptions(in: dictionary)
        } else {
            #expect(throws: VoiceCaptureConfigurationError(missingInfoPlistKeys: missing)) {
                try VoiceCaptureConfigurationError.checkUsageDescriptions(in: dictionary)
            }
            let error = VoiceCaptureConfigurationError(missingInfoPlistKeys: missing)
            for key in missing {
                #expect(error.description.contains(key))
            }
        }
    }

    @Test("a result's text is the same whichever the result")
    func resultText() {
        #expect(VoiceCaptureResult.meal(transcript: "eggs", scan: breakfast).transcript == "eggs")
        #expect(VoiceCaptureResult.transcript("tea").transcript == "tea")
    }
}
