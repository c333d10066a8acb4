import Foundation
import JanuaryCore
import JanuaryCoreTesting
import JanuaryPartnerSDK
import JanuaryPartnerSDKTesting
import JanuaryTestServer
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Voice capture's loop: words, the silence window on the clock, the checked text analysed", suiteTimeLimit())
struct VoiceCaptureDriverTests {
    /// What the app's callbacks received.
    final class Delivered {
        var results: [VoiceCaptureResult] = []
        var cancellations = 0
    }

    /// A speech source that records what it was asked, and answers only when the test says.
    @MainActor
    final class RecordingSpeech: VoiceCaptureSpeechSource {
        var report: (@MainActor (VoiceCaptureStateMachine.Event) -> Void)?
        var calls: [String] = []
        /// Answers the microphone prompt at once, inside the call, as a callback on the same thread could.
        var answersAtOnce = false

        func requestMicrophonePermission() {
            calls.append("microphone")
            if answersAtOnce {
                report?(.microphoneAnswered(granted: true))
                calls.append("answered")
            }
        }
        func requestSpeechPermission() { calls.append("speech") }
        func start(segment: Int, recognition: VoiceCaptureStateMachine.Recognition) {
            calls.append("start \(segment) \(recognition)")
        }
        func finish() { calls.append("finish") }
        func stop() { calls.append("stop") }
    }

    @MainActor
    func driver(
        _ speech: any VoiceCaptureSpeechSource, clock: ManualClock, client: JanuaryPartnerClient,
        options: VoiceCaptureOptions = VoiceCaptureOptions()
    ) -> (VoiceCaptureDriver, Delivered) {
        let delivered = Delivered()
        let driver = VoiceCaptureDriver(
            client: client, options: options, clock: clock, speech: speech,
            onResult: { delivered.results.append($0) }, onCancel: { delivered.cancellations += 1 })
        return (driver, delivered)
    }

    @Test("said, heard word by word, ended by two seconds of silence, corrected, analysed and delivered once")
    @MainActor
    func wholeLoop() async throws {
        let clock = ManualClock()
        let january = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let speech = SimulatedSpeech(transcript: "two eggs and toast", clock: clock)
        let (driver, delivered) = driver(speech, clock: clock, client: january)
        driver.send(.appeared(voiceAllowed))
        driver.send(.speakTapped)
        var said: [String] = []
        for word in ["two", "eggs", "and", "toast"] {
            said.append(word)
            try await clock.waitForSleeper(lasting: SimulatedSpeech.wordInterval)
            clock.advance(by: SimulatedSpeech.wordInterval)
            let expected = said.joined(separator: " ")
            try await eventuallyOnMain("\"\(expected)\"") { driver.machine.transcript == expected }
            #expect(driver.machine.phase == .listening)
        }
        // The silence window is armed from the last word; a moment short of it, still listening.
        try await clock.waitForSleeper(lasting: 2)
        clock.advance(by: 1.999)
        #expect(driver.machine.phase == .listening)
        clock.advance(by: 0.001)
        try await eventuallyOnMain("the silence window") { driver.machine.phase == .editing(.silence) }
        #expect(driver.machine.text == "two eggs and toast")

        driver.send(.transcriptEdited("two eggs and a slice of toast"))
        driver.send(.submitTapped)
        try await eventuallyOnMain("the analysis") { !delivered.results.isEmpty }
        guard case .meal(let transcript, let scan) = delivered.results.first else {
            Issue.record("not a meal: \(delivered.results)")
            return
        }
        #expect(transcript == "two eggs and a slice of toast")
        #expect(scan.detections.count == 2)
        #expect(driver.machine.phase == .finished)
        driver.send(.cancelTapped)
        #expect(delivered.results.count == 1)
        #expect(delivered.cancellations == 0)
    }

    @Test("the machine's actions reach the speech source in order, and an answer given inside a call waits its turn")
    @MainActor
    func actionsInOrder() {
        let speech = RecordingSpeech()
        speech.answersAtOnce = true
        let clock = ManualClock()
        let client = try! JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let (driver, delivered) = driver(speech, clock: clock, client: client)
        driver.send(.appeared(voiceEnvironment(.notDetermined, .notDetermined)))
        driver.send(.continueTapped)
        // The answer was handled after the request returned, so the speech prompt follows it.
        #expect(speech.calls == ["microphone", "answered", "speech"])
        driver.send(.speechAnswered(.authorized))
        driver.send(.speakTapped)
        driver.send(.stopTapped)
        driver.send(.recognised("tea", isFinal: true, segment: 1))
        #expect(speech.calls.suffix(3) == ["start 1 onDevice", "finish", "stop"])
        driver.send(.cancelTapped)
        #expect(delivered.cancellations == 1)
        #expect(delivered.results.isEmpty)
    }

    @Test("observers hear once per event sent from outside, before and after, with the phase it started from")
    @MainActor
    func changes() throws {
        let speech = RecordingSpeech()
        speech.answersAtOnce = true
        let client = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let (driver, _) = driver(speech, clock: ManualClock(), client: client)
        var log: [String] = []
        driver.willChange = { log.append("will") }
        driver.didChange = { before in log.append("did from \(before)") }
        driver.send(.appeared(voiceEnvironment(.notDetermined, .notDetermined)))
        // The microphone's answer arrives inside the request: handled in the same pass, heard as one change.
        driver.send(.continueTapped)
        #expect(
            log == [
                "will", "did from starting", "will", "will", "did from permissionNotAsked",
            ])
    }

    @Test("cancel while analysing cancels the work: nothing is delivered but the cancellation")
    @MainActor
    func cancelWhileAnalysing() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        let client = try JanuaryPartnerClient.simulated(simulator)
        let clock = ManualClock()
        let (driver, delivered) = driver(RecordingSpeech(), clock: clock, client: client)
        for event in VoiceRoute.analysing {
            driver.send(event)
        }
        #expect(driver.machine.phase == .analysing)
        driver.send(.cancelTapped)
        #expect(delivered.cancellations == 1)
        // The analysis task ends (cancelled or not), and its answer is dropped.
        try await eventuallyOnMain("the machine to settle") { driver.machine.phase == .cancelled }
        #expect(delivered.results.isEmpty)
    }

    @Test("a tear-down stops the microphone and the timer")
    @MainActor
    func tearDown() async throws {
        let speech = RecordingSpeech()
        let clock = ManualClock()
        let client = try JanuaryPartnerClient.simulated(JanuaryAPISimulator.inProcess())
        let (driver, _) = driver(speech, clock: clock, client: client)
        driver.send(.appeared(voiceAllowed))
        driver.send(.speakTapped)
        try await clock.waitForSleeper(lasting: 8)
        driver.tearDown()
        #expect(speech.calls.last == "stop")
        #expect(clock.sleeperCount == 0)
    }

    @Test("a tear-down during an analysis cancels it")
    @MainActor
    func tearDownWhileAnalysing() async throws {
        let simulator = JanuaryAPISimulator.inProcess()
        // The answer is held back a minute on the client's manual clock, which never moves: only a cancellation
        // ends the analysis.
        simulator.failNext(with: .delay(60))
        let client = try JanuaryPartnerClient.simulated(simulator) { $0.clock = ManualClock() }
        let (driver, delivered) = driver(RecordingSpeech(), clock: ManualClock(), client: client)
        for event in VoiceRoute.analysing {
            driver.send(event)
        }
        driver.tearDown()
        // The cancelled analysis comes back as a cancelled failure, a screen of its own, never a result.
        try await eventuallyOnMain("the cancelled analysis") { driver.machine.phase != .analysing }
        guard case .failed(.january(_, let canRetry)) = driver.machine.phase else {
            Issue.record("not a failure: \(driver.machine.phase)")
            return
        }
        // Stopped on purpose (its recovery is to ignore it), as in the scanner: no "Try again" for the same text.
        #expect(!canRetry)
        #expect(delivered.results.isEmpty)
    }
}
