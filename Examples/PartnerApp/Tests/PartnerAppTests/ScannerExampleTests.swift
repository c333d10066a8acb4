import Foundation
import JanuaryPartnerSDK
import PartnerAppScanner
import Testing

@Suite("The scanner example runs on its bundled photo and the simulator", suiteTimeLimit())
struct ScannerExampleTests {
    @Test("the bundled still photo is a PNG that January's simulator analyses as a meal")
    func stillPhoto() async throws {
        let photo = ScannerExample.stillPhoto
        #expect(photo.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let january = try ScannerExample.simulatedClient()
        let scan = try await january.foodAnalysis.analyzePhoto(try .image(photo))
        #expect(!scan.detections.isEmpty)
    }

    @Test("the barcode the simulated camera reads is one the catalogue knows")
    func knownBarcode() async throws {
        let january = try ScannerExample.simulatedClient()
        let food = try await january.foods.get(barcode: ScannerExample.knownBarcode)
        #expect(food.name != nil)
    }
}
