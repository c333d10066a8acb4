import Foundation

/// The one back-off shape the libraries share: a first wait that a multiplier grows per step, up to a cap.
///
/// The token refresh back-off, the rejection breaker's cool-down and the retry policy keep their public names
/// and defaults, and all compute their waits here, so that the three cannot disagree on how a misconfiguration
/// (negative, NaN or infinite values, an endless streak) is read.
package struct Backoff: Sendable {
    /// The wait at step 0, in seconds.
    package var initial: TimeInterval

    /// The factor each further step multiplies the wait by.
    package var multiplier: Double

    /// The longest wait, in seconds.
    package var maximum: TimeInterval

    /// Creates a shape.
    ///
    /// - Parameters:
    ///   - initial: The wait at step 0, in seconds.
    ///   - multiplier: The factor each further step multiplies the wait by.
    ///   - maximum: The cap on the wait, in seconds.
    package init(initial: TimeInterval, multiplier: Double, maximum: TimeInterval) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
    }

    /// The wait at `step` (0 for the first): `initial · multiplier^step`, capped at `maximum`.
    ///
    /// Negative or NaN settings count as zero, so a misconfiguration can shorten a wait but never make it
    /// negative or NaN; a product that overflows yields the cap.
    ///
    /// - Parameter step: The step's number, from 0; a negative step counts as 0.
    /// - Returns: The wait in seconds, never negative, never NaN.
    package func delay(atStep step: Int) -> TimeInterval {
        let start = Self.nonNegative(initial)
        let cap = Self.nonNegative(maximum)
        guard start > 0 else {
            return 0
        }
        // With a positive start the product is NaN only for an infinite start times zero; min() yields the
        // cap for an overflow to infinity.
        let uncapped = start * pow(Self.nonNegative(multiplier), Double(max(0, step)))
        return uncapped.isNaN ? cap : min(uncapped, cap)
    }

    /// `value`, with NaN and negatives read as zero.
    package static func nonNegative(_ value: Double) -> Double {
        value.isNaN ? 0 : max(0, value)
    }
}
