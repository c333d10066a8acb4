import Foundation

/// Which analyzer reads a food photo: the reasoning-based one or the standard one.
///
/// Both return the same result shape, count against the same rate limit and cost the same. Omitting the effort
/// is the same as ``xhigh``; ``noReasoning`` selects the standard analyzer.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct AnalysisReasoningEffort: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The standard analyzer, without extended reasoning: wire value `none`.
    ///
    /// Named `noReasoning` rather than `none` so that passing it where an optional effort is expected cannot be
    /// mistaken for `Optional.none`, which would mean "January's default", the opposite.
    public static let noReasoning = AnalysisReasoningEffort(rawValue: "none")
    /// The reasoning-based analyzer, January's default: wire value `xhigh`.
    public static let xhigh = AnalysisReasoningEffort(rawValue: "xhigh")
}
