#if os(iOS) && canImport(SwiftUI) && canImport(AVFoundation) && canImport(PhotosUI) && canImport(Vision)
import Foundation
import JanuaryPartnerSDK
import SwiftUI
import UIKit

/// A ready scanner for meals and packaged foods: the user photographs a meal, which January analyses, or scans a
/// barcode (EAN-8, EAN-13, UPC-A, UPC-E, ITF-14, Code 128), which January looks up; a photo from the library (or
/// without a camera) is read for a barcode too. Every state has a screen: the camera permission not yet asked,
/// denied (with a link to Settings) or restricted, no camera (the photo library instead), the camera paused by
/// iPadOS multitasking or a call, a camera or photo that failed, the analysis in progress, January's error with its
/// sentence and a retry, offline, and a barcode January does not know. The camera stops when the scanner leaves the
/// screen and starts again when it comes back.
///
/// ```swift
/// import JanuaryPartnerSDKUI
/// import SwiftUI
///
/// struct LogMealScreen: View {
///     let january: JanuaryPartnerClient
///     @State private var scanner: JanuaryMealScannerView?
///
///     var body: some View {
///         Button("Scan a meal") {
///             scanner = try? JanuaryMealScannerView(client: january, onResult: { _ in }, onCancel: {})
///         }
///     }
/// }
/// ```
///
/// Making the view throws ``MealScannerConfigurationError`` when the app's Info.plist has no
/// `NSCameraUsageDescription`, so the camera is never requested without it (iOS would terminate the app). Texts
/// come from the module's `Localizable.strings` (English shipped), use Dynamic Type text styles, and every control
/// and state has its own VoiceOver label; each new state is announced. Nothing the user scans is logged.
///
/// Present it full screen (`fullScreenCover`). In a sheet, swiping it away is a cancel: the analysis in flight stops
/// and `onCancel` is called.
@MainActor
public struct JanuaryMealScannerView: View {
    @StateObject private var model: MealScannerModel
    @Environment(\.openURL) private var openURL
    @Environment(\.dynamicTypeSize) private var typeSize

    /// Makes the scanner.
    ///
    /// - Parameters:
    ///   - client: The client whose `foodAnalysis` and `foods` the scanner uses.
    ///   - mode: The mode it opens in; the user can switch.
    ///   - camera: ``MealScannerCamera/device`` (the default), or a still photo for previews and the simulator.
    ///   - onResult: Called once, on the main actor, with the meal or the food.
    ///   - onCancel: Called once, on the main actor, when the user cancels.
    /// - Throws: ``MealScannerConfigurationError`` when `camera` is the device and the Info.plist lacks
    ///   `NSCameraUsageDescription`.
    public init(
        client: JanuaryPartnerClient,
        mode: MealScannerMode = .photo,
        camera: MealScannerCamera = .device,
        onResult: @escaping @MainActor (MealScannerResult) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) throws {
        if camera == .device {
            try MealScannerConfigurationError.checkCameraUsageDescription(in: Bundle.main.infoDictionary)
        }
        let model = MealScannerModel(
            client: client, mode: mode, camera: camera, onResult: onResult, onCancel: onCancel)
        _model = StateObject(wrappedValue: model)
    }

    /// Makes the scanner as a UIKit view controller, for apps without SwiftUI screens: present it, and dismiss it
    /// in `onResult` and `onCancel`. It is presented full screen unless you change its `modalPresentationStyle`; in a
    /// sheet, swiping it away is a cancel (the analysis in flight stops, `onCancel` is called, and the scanner is
    /// already gone: dismiss only if it is still presented).
    ///
    /// - Parameters: As ``init(client:mode:camera:onResult:onCancel:)``.
    /// - Returns: The scanner's view controller.
    /// - Throws: ``MealScannerConfigurationError`` when `camera` is the device and the Info.plist lacks
    ///   `NSCameraUsageDescription`.
    public static func makeViewController(
        client: JanuaryPartnerClient,
        mode: MealScannerMode = .photo,
        camera: MealScannerCamera = .device,
        onResult: @escaping @MainActor (MealScannerResult) -> Void,
        onCancel: @escaping @MainActor () -> Void
    ) throws -> UIViewController {
        let view = try JanuaryMealScannerView(
            client: client, mode: mode, camera: camera, onResult: onResult, onCancel: onCancel)
        let controller = UIHostingController(rootView: view)
        controller.modalPresentationStyle = .fullScreen
        return controller
    }

    /// The scanner's screen for its current state.
    public var body: some View {
        let screen = model.screen
        ZStack {
            if screen.showsCamera {
                cameraLayer(screen)
            } else {
                Color(uiColor: .systemBackground).ignoresSafeArea()
            }
            if typeSize.isAccessibilitySize {
                // At accessibility sizes the texts outgrow the screen: everything scrolls.
                ScrollView {
                    VStack(spacing: 16) {
                        if screen.showsModePicker {
                            modePicker
                        }
                        panel(screen)
                    }
                    .padding()
                }
            } else {
                VStack(spacing: 16) {
                    if screen.showsModePicker {
                        modePicker
                    }
                    Spacer()
                    panel(screen)
                }
                .padding()
            }
        }
        .background(DismissalObserver { model.dismissed() })
        .onAppear { model.appear() }
        .onDisappear { model.disappear() }
        .onChange(of: screen.announcement) { announcement in
            VoiceOverAnnouncement.post(announcement.map(\.string).joined(separator: "\n"))
        }
        .sheet(isPresented: $model.showsPhotoPicker) {
            PhotoPicker { outcome in model.picked(outcome) }
        }
    }

    @ViewBuilder private func cameraLayer(_ screen: MealScannerScreen) -> some View {
        switch model.camera.source {
        case .device:
            CameraPreview(
                session: model.session, showsScanArea: screen.showsScanArea,
                onOrientation: { model.orientation = $0 }, onScanArea: { model.scanAreaChanged($0) }
            )
            .ignoresSafeArea()
        case .simulated(let photo, _):
            if let image = UIImage(data: photo) {
                Image(uiImage: image)
                    .resizable()
                    .scaledToFill()
                    .ignoresSafeArea()
                    .accessibilityLabel(Text(MealScannerStringKey.cameraPreviewLabel.localized))
            } else {
                Color.black.ignoresSafeArea()
            }
        }
    }

    private var modePicker: some View {
        Picker(
            MealScannerStringKey.modePickerLabel.localized,
            selection: Binding(get: { model.machine.mode }, set: { model.select($0) })
        ) {
            Text(MealScannerStringKey.modePhoto.localized).tag(MealScannerMode.photo)
            Text(MealScannerStringKey.modeBarcode.localized).tag(MealScannerMode.barcode)
        }
        .pickerStyle(.segmented)
        .accessibilityLabel(Text(MealScannerStringKey.modePickerLabel.localized))
    }

    /// The state's title, message, progress and buttons. Title, message and progress are separate VoiceOver
    /// elements, so the progress is announced as such rather than folded into one long label.
    private func panel(_ screen: MealScannerScreen) -> some View {
        VStack(spacing: 12) {
            Text(screen.title.string)
                .font(.title2.weight(.semibold))
                .multilineTextAlignment(.center)
                .accessibilityAddTraits(.isHeader)
            if let message = screen.message {
                Text(message.string)
                    .font(.body)
                    .multilineTextAlignment(.center)
                    .fixedSize(horizontal: false, vertical: true)
            }
            if screen.showsProgress {
                ProgressView()
                    .accessibilityLabel(Text(screen.title.string))
            }
            ForEach(screen.buttons, id: \.kind) { button in
                Button {
                    tap(button.kind)
                } label: {
                    Text(button.label.localized)
                        .font(.headline)
                        .frame(maxWidth: .infinity, minHeight: 44)
                }
                .buttonStyle(.borderedProminent)
                .tint(button.kind == .cancel ? .secondary : .accentColor)
                .accessibilityHint(Text(button.hint.localized))
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
    }

    private func tap(_ kind: MealScannerScreen.Button.Kind) {
        if kind == .openSettings, let url = URL(string: UIApplication.openSettingsURLString) {
            openURL(url)
        }
        model.tap(kind)
    }
}
#endif
