#if os(iOS) && canImport(UIKit) && canImport(PhotosUI) && canImport(SwiftUI)
import PhotosUI
import SwiftUI
import UIKit

/// The photo library, for devices without a camera (the simulator) or without permission: one image, handed back
/// as its encoded bytes (HEIC, JPEG, …), which the scanner prepares before sending. Needs no permission.
struct PhotoPicker: UIViewControllerRepresentable {
    let onPick: @MainActor @Sendable (Data?) -> Void

    func makeUIViewController(context: Context) -> PHPickerViewController {
        var configuration = PHPickerConfiguration()
        configuration.filter = .images
        configuration.selectionLimit = 1
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
        let onPick: @MainActor @Sendable (Data?) -> Void

        init(onPick: @escaping @MainActor @Sendable (Data?) -> Void) {
            self.onPick = onPick
        }

        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) {
            guard let provider = results.first?.itemProvider else {
                onPick(nil)
                return
            }
            let onPick = onPick
            provider.loadDataRepresentation(forTypeIdentifier: "public.image") { data, _ in
                let bytes = data
                Task { @MainActor in onPick(bytes) }
            }
        }
    }
}
#endif
