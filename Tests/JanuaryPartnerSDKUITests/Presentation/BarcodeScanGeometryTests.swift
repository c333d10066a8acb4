import Foundation
import Testing

@testable import JanuaryPartnerSDKUI

@Suite("Barcode mode's frame and zoom", suiteTimeLimit())
struct BarcodeScanGeometryTests {
    @Test(
        "the frame is a centred band inside the preview, above the buttons",
        arguments: [
            CGSize(width: 390, height: 844), CGSize(width: 320, height: 568), CGSize(width: 1024, height: 1366),
            CGSize(width: 844, height: 390), CGSize(width: 400, height: 100),
        ])
    func frame(size: CGSize) {
        let frame = BarcodeScanGeometry.scanArea(in: size)
        #expect(CGRect(origin: .zero, size: size).contains(frame))
        #expect(abs(frame.midX - size.width / 2) < 0.001)
        #expect(frame.width <= 480)
        #expect(frame.width > frame.height)
        #expect(frame.midY <= size.height / 2)
    }

    @Test("an empty preview has an empty frame")
    func empty() {
        #expect(BarcodeScanGeometry.scanArea(in: .zero) == .zero)
    }

    @Test(
        "the zoom lets a code fill the frame at the minimum focus distance, between 1 and the caps",
        arguments: [
            // (minimum focus mm, field of view, frame share, device max, zoom)
            // A camera that focuses close: no zoom.
            (60, 65.0, 0.5, 10.0, 1.0),
            // About an iPhone 13 Pro's main camera: it must be held 20 cm away, so zoom, to the cap.
            (200, 70.0, 0.5, 10.0, 2.0),
            // Just beyond focus: a little zoom. 31.35 / (2 · 0.5 · tan(35°) · 0.75) = 59.69 mm.
            (90, 70.0, 0.5, 10.0, 90 / 59.69),
            // The device's own maximum wins.
            (200, 70.0, 0.5, 1.5, 1.5),
            // Unknown figures: no zoom.
            (-1, 70.0, 0.5, 10.0, 1.0), (200, 0.0, 0.5, 10.0, 1.0), (200, 70.0, 0.0, 10.0, 1.0),
            (200, 70.0, 0.5, 0.0, 1.0),
        ] as [(Int, Double, Double, Double, Double)])
    func zoom(minimumFocus: Int, fieldOfView: Double, share: Double, deviceMaximum: Double, zoom: Double) {
        let factor = BarcodeScanGeometry.zoomFactor(
            minimumFocusDistance: minimumFocus, fieldOfView: fieldOfView, sensorAspect: 0.75, frameShare: share,
            deviceMaximum: deviceMaximum)
        #expect(abs(factor - zoom) < 0.001)
    }
}
