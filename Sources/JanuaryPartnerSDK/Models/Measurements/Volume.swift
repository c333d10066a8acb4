/// A total volume of water, such as a day's total in the unit a list asked for.
public struct Volume: Hashable, Sendable, Codable {
    /// The volume, in ``unit``; January rounds totals to one decimal place.
    public var value: Double

    /// The unit of ``value``.
    public var unit: VolumeUnit

    /// Creates a volume.
    ///
    /// - Parameters:
    ///   - value: The volume, in `unit`.
    ///   - unit: The unit of `value`.
    public init(value: Double, unit: VolumeUnit) {
        self.value = value
        self.unit = unit
    }

    private enum CodingKeys: String, CodingKey {
        case value
        case unit
    }
}
