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
}
