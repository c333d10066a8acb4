import Foundation
import JanuaryCoreTesting
import JanuaryPartnerSDKTesting
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("The stand-in microphone speaks its sentence one word at a time on the clock", suiteTimeLimit())
struct SimulatedSpeechTests {
    final class Heard {
        var events: [String] = []
    }

    @MainActor
    func speech(_ transcript: String, on clock: ManualClock) -> (SimulatedSpeech, Heard) {
        let heard = Heard()
        let speech = SimulatedSpeech(transcript: transcript, clock: clock)
        speech.report = { event in
            if case .recognised(let words, let isFinal, let segment) = event {
                heard.events.append("\(segment):\(isFinal ? "final" : "partial"):\(words)")
            }
        }
        return (speech, heard)
    }

    @Test("each word arrives one interval after the last, then nothing more")
    @MainActor
    func words() async throws {
        let clock = ManualClock()
        let (speech, heard) = speech("two  eggs\ntoast", on: clock)
        speech.start(segment: 4, recognition: .onDevice)
        for count in 1...3 {
            try await clock.waitForSleeper(lasting: SimulatedSpeech.wordInterval)
            clock.advance(by: SimulatedSpeech.wordInterval)
            try await eventuallyOnMain("word \(count)") { heard.events.count == count }
        }
        #expect(heard.events == ["4:partial:two", "4:partial:two eggs", "4:partial:two eggs toast"])
        // The loop sleeps once more before it finds no word left; advancing before that sleep is registered would
        // leave it asleep for good (CI saw that on a busy machine).
        try await clock.waitForSleeper(lasting: SimulatedSpeech.wordInterval)
        clock.advance(by: SimulatedSpeech.wordInterval)
        try await eventuallyOnMain("the speech to end") { clock.sleeperCount == 0 }
        #expect(heard.events.count == 3)
    }

    @Test("finishing reports the words so far as final; stopping reports nothing more")
    @MainActor
    func finishAndStop() async throws {
        let clock = ManualClock()
        let (speech, heard) = speech("a bowl of porridge", on: clock)
        speech.start(segment: 1, recognition: .onDevice)
        try await clock.waitForSleeper(lasting: SimulatedSpeech.wordInterval)
        clock.advance(by: SimulatedSpeech.wordInterval)
        try await eventuallyOnMain("the first word") { heard.events.count == 1 }
        speech.finish()
        try await eventuallyOnMain("the final words") { heard.events.count == 2 }
        #expect(heard.events.last == "1:final:a")
        #expect(clock.sleeperCount == 0)

        speech.start(segment: 2, recognition: .onDevice)
        try await clock.waitForSleeper(lasting: SimulatedSpeech.wordInterval)
        speech.stop()
        speech.finish()
        clock.advance(by: 10)
        #expect(clock.sleeperCount == 0)
        #expect(heard.events.count == 2)
    }

    @Test("it grants every permission, after the request returns, as iOS's callbacks come")
    @MainActor
    func permissions() async throws {
        let clock = ManualClock()
        let speech = SimulatedSpeech(transcript: "tea", clock: clock)
        var answers: [String] = []
        speech.report = { event in
            switch event {
            case .microphoneAnswered(let granted): answers.append("microphone \(granted)")
            case .speechAnswered(let status): answers.append("speech \(status)")
            default: answers.append("other")
            }
        }
        speech.requestMicrophonePermission()
        speech.requestSpeechPermission()
        #expect(answers.isEmpty)
        try await eventuallyOnMain("the answers") { answers.count == 2 }
        #expect(answers == ["microphone true", "speech authorized"])
    }

    @Test("the stand-in microphone keeps its sentence, and differs from the device")
    func microphone() {
        let simulated = VoiceCaptureMicrophone.simulated(transcript: "two eggs")
        #expect(simulated.source == .simulated(transcript: "two eggs"))
        #expect(simulated != .device)
        #expect(VoiceCaptureMicrophone.device.source == .device)
    }
}
