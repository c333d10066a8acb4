import Foundation

/// A value in a unit, such as 12.5 g.
public struct HealthQuantity: Sendable, Hashable {
    /// The value, in ``unit``: finite and at least 0.
    public var value: Double

    /// The unit of ``value``.
    public var unit: HealthUnit

    /// Creates a quantity.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - unit: Its unit.
    public init(value: Double, unit: HealthUnit) {
        self.value = value
        self.unit = unit
    }
}
