#if os(iOS) && canImport(UIKit) && canImport(PhotosUI) && canImport(SwiftUI) && canImport(Vision)
import PhotosUI
import SwiftUI
import UIKit
import UniformTypeIdentifiers

/// The photo library, for devices without a camera (the simulator), without permission, or for a photo of a
/// barcode: one image, loaded as a file (`loadFileRepresentation`, in its current representation so that iOS does
/// not transcode it), decoded from that file with bounded memory, prepared and read for a barcode before the file
/// goes away. Needs no permission.
struct PhotoPicker: UIViewControllerRepresentable {
    /// What became of the pick.
    enum Outcome: Sendable {
        case cancelled
        case photo(StillPhotoReader.Still)
        case failed(MealScannerStateMachine.PhotoFailure)
    }

    let onPick: @MainActor @Sendable (Outcome) -> Void

    func makeUIViewController(context: Context) -> PHPickerViewController {
        var configuration = PHPickerConfiguration()
        configuration.filter = .images
        configuration.selectionLimit = 1
        configuration.preferredAssetRepresentationMode = .current
        let picker = PHPickerViewController(configuration: configuration)
        picker.delegate = context.coordinator
        return picker
    }

    func updateUIViewController(_ picker: PHPickerViewController, context: Context) {}

    func makeCoordinator() -> Coordinator {
        Coordinator(onPick: onPick)
    }

    @MainActor
    final class Coordinator: NSObject, PHPickerViewControllerDelegate {
        let onPick: @MainActor @Sendable (Outcome) -> Void

        init(onPick: @escaping @MainActor @Sendable (Outcome) -> Void) {
            self.onPick = onPick
        }

        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
            guard let provider = results.first?.itemProvider else {
                onPick(.cancelled)
                return
            }
            let type = UTType.image.identifier
            guard provider.hasItemConformingToTypeIdentifier(type) else {
                onPick(.failed(.unreadable))
                return
            }
            let onPick = onPick
            // The file exists only until this handler returns: it is read here, on the provider's queue.
            provider.loadFileRepresentation(forTypeIdentifier: type) { url, _ in
                let outcome: Outcome
                if let url {
                    switch StillPhotoReader.read(contentsOf: url) {
                    case .success(let still): outcome = .photo(still)
                    case .failure(let failure): outcome = .failed(failure)
                    }
                } else {
                    outcome = .failed(.notLoaded)
                }
                Task { @MainActor in onPick(outcome) }
            }
        }
    }
}
#endif
