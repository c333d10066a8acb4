import JanuaryCore

/// What mirroring one ``HealthLogChange`` did.
///
/// ```swift
/// let log = try await user.waterLogs.create(.milliliters(250))
/// let outcome = await mirror.apply(.saved(log))
/// if outcome.status == .failed {
///     showMessage("Not saved to Health")  // outcome.error says why; nothing is retried on its own
/// }
/// ```
public struct HealthMirrorOutcome: Sendable {
    /// What happened; an open set: compare with the static members and keep a `default` branch.
    public typealias Status = JanuaryVocabulary<JanuaryVocabularies.HealthMirrorStatus>

    /// The change this outcome is for.
    public let change: HealthLogChange

    /// What happened.
    public let status: Status

    /// The log's sync identifier in Health; `nil` when the log has none (a meal without January's id).
    public let syncIdentifier: String?

    /// The version Health holds after the change: the new one when `.written`, the stored one when
    /// `.unchanged`; `nil` otherwise.
    public let syncVersion: Int64?

    /// January's keys of the nutrients the log has a value for that were not written: not allowed by the user, or in
    /// a unit that does not convert (see ``HealthNutrientMapping/convert(_:)``). Empty for water and weight.
    public let omittedNutrients: [String]

    /// Why, when ``status`` is `.failed`.
    public let error: JanuaryHealthError?

    init(
        _ change: HealthLogChange,
        _ status: Status,
        syncIdentifier: String?,
        syncVersion: Int64? = nil,
        omittedNutrients: [String] = [],
        error: JanuaryHealthError? = nil
    ) {
        self.change = change
        self.status = status
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.omittedNutrients = omittedNutrients
        self.error = error
    }
}

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDKHealth/HealthMirrorOutcome/Status``, which keeps its values apart from other vocabularies'.
    public enum HealthMirrorStatus {}
}

extension HealthMirrorOutcome.Status {
    /// The log was written to Health, for the first time or replacing an older version.
    public static var written: Self { Self(rawValue: "written") }
    /// Health already holds the log as it is: nothing was written.
    public static var unchanged: Self { Self(rawValue: "unchanged") }
    /// The log's entry and samples were deleted from Health.
    public static var removed: Self { Self(rawValue: "removed") }
    /// Health holds nothing for the log (a deletion of a log never mirrored): nothing was done.
    public static var notInHealth: Self { Self(rawValue: "not_in_health") }
    /// The log has no value for any type the user allowed, and Health holds nothing for it: nothing was written.
    public static var nothingToWrite: Self { Self(rawValue: "nothing_to_write") }
    /// The user allowed none of the log's types: nothing was read or written.
    public static var notAuthorized: Self { Self(rawValue: "not_authorized") }
    /// The mirror was not made for this kind of log: nothing was read or written.
    public static var notEnabled: Self { Self(rawValue: "not_enabled") }
    /// Reading, writing or deleting failed, or the log cannot be written (see ``HealthMirrorOutcome/error``).
    public static var failed: Self { Self(rawValue: "failed") }
}
