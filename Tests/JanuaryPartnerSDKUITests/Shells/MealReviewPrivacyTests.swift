import Foundation
import Testing

/// The guide says nothing the user reviews is logged: the review sheet's own code (state machine, screen, strings,
/// work and shells) has no call that writes to the console, the unified log or a file.
@Suite("The review sheet's code logs nothing of the user's", suiteTimeLimit())
struct MealReviewPrivacyTests {
    static let forbidden = [
        "print(", "debugPrint(", "dump(", "NSLog(", "os_log(", "import os", "import OSLog", "Logger(",
        "FileManager", ".write(to:", "FileHandle", "UserDefaults",
    ]

    /// Every source file of the sheet: those named after it, in the module's folders.
    static func sources() throws -> [URL] {
        let module = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/JanuaryPartnerSDKUI")
        let files = try #require(FileManager.default.enumerator(at: module, includingPropertiesForKeys: nil))
        return files.compactMap { $0 as? URL }.filter {
            $0.pathExtension == "swift"
                && ["MealReview", "MealLogger", "LoggedMeal"].contains(where: $0.lastPathComponent.contains)
        }
    }

    @Test("no print, NSLog, OSLog, file or defaults write in the sheet's sources")
    func nothingLogged() throws {
        let files = try Self.sources()
        // The state machine, item, quantity, screen, strings, format, work, model, view and the public types.
        #expect(files.count >= 13)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for call in Self.forbidden {
                #expect(!text.contains(call), "\(file.lastPathComponent) contains \(call)")
            }
        }
    }
}
