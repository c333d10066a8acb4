#if os(iOS) && canImport(UIKit)
// UIKit declares its accessibility notifications as C globals without isolation; the iOS 17.4 SDK's Swift 6 mode
// calls reading one "not concurrency-safe". The one read here happens on the main actor, where UIKit reads it too.
@preconcurrency import UIKit

/// Speaks a new screen's texts with VoiceOver (and nothing when VoiceOver is off).
enum VoiceOverAnnouncement {
    @MainActor static func post(_ text: String) {
        UIAccessibility.post(notification: .announcement, argument: text)
    }
}
#endif
