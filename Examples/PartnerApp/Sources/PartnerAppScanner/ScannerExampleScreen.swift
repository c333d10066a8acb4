#if os(iOS) && canImport(SwiftUI) && canImport(UIKit)
import JanuaryPartnerSDK
import JanuaryPartnerSDKUI
import SwiftUI

/// The partner app's "log a meal" screen: it opens January's scanner in a sheet and shows what came back. With
/// ``ScannerExample``'s still photo and simulated client it runs in the simulator and in previews, no camera needed;
/// a real app passes its own client and `.device`.
@MainActor
public struct ScannerExampleScreen: View {
    let january: JanuaryPartnerClient
    let camera: MealScannerCamera
    @State private var mode: MealScannerMode = .photo
    @State private var showsScanner = false
    @State private var outcome = "Nothing scanned yet."

    /// Creates the screen.
    public init(january: JanuaryPartnerClient, camera: MealScannerCamera) {
        self.january = january
        self.camera = camera
    }

    /// Two buttons that open the scanner, and what it last returned.
    public var body: some View {
        NavigationView {
            VStack(spacing: 16) {
                Text(outcome)
                    .font(.body)
                    .multilineTextAlignment(.center)
                Button("Photograph a meal") {
                    mode = .photo
                    showsScanner = true
                }
                Button("Scan a barcode") {
                    mode = .barcode
                    showsScanner = true
                }
            }
            .padding()
            .navigationTitle("Log a meal")
        }
        .sheet(isPresented: $showsScanner) {
            scanner
        }
    }

    @ViewBuilder private var scanner: some View {
        if let view = try? JanuaryMealScannerView(
            client: january, mode: mode, camera: camera, onResult: show, onCancel: { showsScanner = false })
        {
            view
        } else {
            Text("Add NSCameraUsageDescription to the app's Info.plist to use the camera.")
        }
    }

    private func show(_ result: MealScannerResult) {
        switch result {
        case .meal(_, let scan):
            outcome = "\(scan.mealName ?? "A meal"): \(scan.detections.count) foods."
        case .food(let food, _):
            outcome = food.name ?? "A packaged food."
        }
        showsScanner = false
    }
}

/// The screen and the scanner itself on the simulator with the bundled photo.
struct ScannerExampleScreen_Previews: PreviewProvider {
    static var previews: some View {
        if let january = try? ScannerExample.simulatedClient() {
            ScannerExampleScreen(
                january: january,
                camera: .simulated(photo: ScannerExample.stillPhoto, barcode: ScannerExample.knownBarcode))
            if let scanner = try? JanuaryMealScannerView(
                client: january, mode: .photo, camera: .simulated(photo: ScannerExample.stillPhoto),
                onResult: { _ in }, onCancel: {})
            {
                scanner.previewDisplayName("Scanner, photo mode")
            }
        }
    }
}
#endif
