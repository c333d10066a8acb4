import JanuaryCore

// The outbox store's codes are `package` for now: the delivery engine decides which of them partners see, and
// making one public adds it to API/ and the CHANGELOG.
extension JanuaryError.Code {
    /// Another outbox store, in this process or another, has the directory open: two clients never share one.
    package static let outboxInUse: Self = "outbox_in_use"
    /// The device (or the user's quota) is full: nothing was written, and the previous record is intact.
    package static let outboxStorageFull: Self = "outbox_storage_full"
    /// The outbox's storage failed otherwise (no permission, an I/O error, a file that cannot be read).
    package static let outboxStorageFailed: Self = "outbox_storage_failed"
    /// The outbox store was closed before the call.
    package static let outboxClosed: Self = "outbox_closed"
}

extension JanuaryError {
    /// The error of a failed storage call of the outbox: `outbox_storage_full` for a full disk, otherwise
    /// `outbox_storage_failed`, with a message naming what was being done and the call's `errno`, never a path.
    ///
    /// The category is ``JanuaryError/Category/invalidInput``, as for every local refusal: the write never
    /// reached January.
    ///
    /// - Parameters:
    ///   - action: What failed, such as `write record 4C1A…`; keys are the SDK's own and safe to show.
    ///   - failure: The failed call.
    ///   - mayHaveTakenEffect: Whether the change may be on disk although the call failed (the rename was done
    ///     but the directory could not be synchronised).
    /// - Returns: The error.
    package static func outboxStorage(
        _ action: String,
        failure: OutboxSystemCallError,
        mayHaveTakenEffect: Bool = false
    ) -> JanuaryError {
        let cause = failure.isOutOfSpace ? "the device's storage is full (\(failure))" : "\(failure)"
        return JanuaryError(
            category: .invalidInput,
            code: failure.isOutOfSpace ? .outboxStorageFull : .outboxStorageFailed,
            message: "The outbox could not \(action): \(cause).",
            underlyingError: failure,
            mayHaveTakenEffect: mayHaveTakenEffect
        )
    }
}
