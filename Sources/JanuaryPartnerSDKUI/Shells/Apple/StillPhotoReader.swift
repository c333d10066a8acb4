#if os(iOS) && canImport(Vision) && canImport(ImageIO)
import Foundation
import JanuaryPartnerSDK
import Vision

/// Turns a still photo (the camera's, the library's, a simulated camera's) into what the state machine takes: the
/// photo prepared for January (`PhotoPreparation.standard`: bounded decoding, a JPEG without metadata) and the
/// barcode Vision reads in it, if any. Runs off the main thread; nothing read is logged.
enum StillPhotoReader {
    /// A prepared photo and the barcode read in it.
    struct Still: Sendable {
        var data: Data
        var barcode: MealScannerStateMachine.StillBarcode?
    }

    /// Vision's names for the symbologies the live camera reads.
    static let symbologies: [VNBarcodeSymbology] = [.ean8, .ean13, .upce, .itf14, .code128]

    /// Reads encoded bytes.
    static func read(_ data: Data) -> Result<Still, MealScannerStateMachine.PhotoFailure> {
        finish { try PhotoPreparation.standard.prepare(data) }
    }

    /// Reads a file, mapped rather than loaded: the photo library's originals may be 100 MB.
    static func read(contentsOf url: URL) -> Result<Still, MealScannerStateMachine.PhotoFailure> {
        finish { try PhotoPreparation.standard.prepare(contentsOf: url) }
    }

    private static func finish(_ prepare: () throws -> Data) -> Result<Still, MealScannerStateMachine.PhotoFailure> {
        guard let prepared = try? prepare() else {
            return .failure(.unreadable)
        }
        return .success(Still(data: prepared, barcode: barcode(in: prepared)))
    }

    /// The barcode covering most of the photo, with the share of the photo its bounding box covers; read from the
    /// prepared photo, whose shorter side (1,024 px) leaves a barcode that fills a tenth of it wide enough to read.
    static func barcode(in jpeg: Data) -> MealScannerStateMachine.StillBarcode? {
        let request = VNDetectBarcodesRequest()
        request.symbologies = symbologies
        let handler = VNImageRequestHandler(data: jpeg, options: [:])
        guard (try? handler.perform([request])) != nil else {
            return nil
        }
        let found = (request.results ?? []).compactMap { observation -> MealScannerStateMachine.StillBarcode? in
            guard let code = observation.payloadStringValue else {
                return nil
            }
            let box = observation.boundingBox
            return MealScannerStateMachine.StillBarcode(code: code, coverage: Double(box.width * box.height))
        }
        return found.max { $0.coverage < $1.coverage }
    }
}
#endif
