/// Which of a user's logs the mirror writes to Health. Mirroring is opt-in: the mirror writes, and asks access for,
/// only the kinds it was made with.
public struct HealthMirrorKinds: OptionSet, Sendable, Hashable {
    /// The kinds as bits.
    public let rawValue: Int

    /// Creates kinds from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Meals: one food correlation per log, with energy and one sample per nutrient January reports.
    public static let foodLogs = HealthMirrorKinds(rawValue: 1 << 0)
    /// Water: one `dietaryWater` sample per log.
    public static let waterLogs = HealthMirrorKinds(rawValue: 1 << 1)
    /// Weight: one `bodyMass` sample per log.
    public static let weightLogs = HealthMirrorKinds(rawValue: 1 << 2)
    /// Meals, water and weight.
    public static let all: HealthMirrorKinds = [.foodLogs, .waterLogs, .weightLogs]

    /// The types these kinds write, which is exactly what the mirror asks the user to allow: a meal's nutrient types
    /// (never the food correlation itself, which HealthKit does not authorise), water, weight.
    public var writtenTypes: Set<HealthDataType> {
        var types: Set<HealthDataType> = []
        if contains(.foodLogs) {
            types.formUnion(HealthNutrientMapping.all.map(\.type))
        }
        if contains(.waterLogs) {
            types.insert(.dietaryWater)
        }
        if contains(.weightLogs) {
            types.insert(.bodyMass)
        }
        return types
    }
}
