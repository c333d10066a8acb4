import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import PartnerAppScanner
import Testing

@Suite("The voice example's sentence and summary, through the public seams", suiteTimeLimit())
struct VoiceExampleTests {
    @Test("the stand-in microphone's sentence is one January's simulator finds foods in")
    func spokenMeal() async throws {
        let january = try ScannerExample.simulatedClient()
        let scan = try await january.foodAnalysis.analyzeDescription(VoiceExample.spokenMeal)
        #expect(scan.detections.count == 2)
    }

    @Test("the screen's line says what was said, and how many foods January found in it")
    func summary() async throws {
        let january = try ScannerExample.simulatedClient()
        let scan = try await january.foodAnalysis.analyzeDescription(VoiceExample.spokenMeal)
        let meal = VoiceCaptureResult.meal(transcript: VoiceExample.spokenMeal, scan: scan)
        #expect(VoiceExample.summary(of: meal) == "\u{201C}two eggs and a slice of toast\u{201D}: 2 foods.")
        #expect(meal.transcript == VoiceExample.spokenMeal)
        #expect(VoiceExample.summary(of: .transcript("tea")) == "\u{201C}tea\u{201D}, not analysed yet.")
    }
}
