import Foundation
import JanuaryCore

/// What Apple platforms add to the POSIX modes (0700 folders, 0600 files) the store sets everywhere.
///
/// - Data Protection `completeUntilFirstUserAuthentication` (iOS, tvOS, watchOS, visionOS): the files are
///   encrypted with a key that is available from the first unlock after a restart until the next restart, so
///   that delivery can run in the background while the device is locked, and the files cannot be read from a
///   device that was restarted and never unlocked.
/// - Excluded from backup (all Apple platforms): the outbox holds writes on their way to January, which a restore
///   onto another device (or a later day) must not send again.
///
/// Elsewhere these do nothing.
enum OutboxFileProtection {
    /// Protects the store's directory (or its quarantine folder) and excludes it from backups.
    ///
    /// - Parameter url: The directory.
    /// - Throws: `JanuaryError` with code `outbox_storage_failed` when the system refuses.
    static func protectDirectory(_ url: URL) throws {
        #if canImport(Darwin)
        try protectFile(atPath: url.path)
        var excluded = URLResourceValues()
        excluded.isExcludedFromBackup = true
        var url = url
        do {
            try url.setResourceValues(excluded)
        } catch {
            throw refusal("exclude its folder from backups", error)
        }
        #endif
    }

    /// Gives a file the store's Data Protection class. Files made in a protected folder inherit its class; this
    /// says so explicitly for each one, as it does not depend on how the folder was made.
    ///
    /// - Parameter path: The file.
    /// - Throws: `JanuaryError` with code `outbox_storage_failed` when the system refuses.
    static func protectFile(atPath path: String) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        do {
            try FileManager.default.setAttributes(
                [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
                ofItemAtPath: path
            )
        } catch {
            throw refusal("set the Data Protection class of its files", error)
        }
        #endif
    }

    /// The error for a protection the system refused; names the kind of error, never the path in it.
    private static func refusal(_ action: String, _ error: any Error) -> JanuaryError {
        let code = (error as NSError).code
        return JanuaryError(
            category: .invalidInput,
            code: .outboxStorageFailed,
            message: "The outbox could not \(action) (Foundation error \(code)).",
            underlyingError: error
        )
    }
}
