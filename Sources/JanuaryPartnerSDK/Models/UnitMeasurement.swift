import JanuaryCore

/// A number in a unit from one of January's vocabularies, such as a height, a weight or an amount of water.
///
/// January accepts each of these within a range that depends on the unit, so they are checked one way: the
/// range for the unit, and a refusal for a unit this SDK version has no range for.
protocol UnitMeasurement {
    /// The vocabulary of the unit, such as ``JanuaryVocabularies/WeightUnit``.
    associatedtype UnitKind

    /// The number, in ``unit``.
    var value: Double { get }

    /// The unit of ``value``.
    var unit: JanuaryVocabulary<UnitKind> { get }
}

extension UnitMeasurement {
    /// Refuses a value outside its unit's range, naming the field and the unit but never the value (a height or
    /// a weight is health data).
    ///
    /// - Parameters:
    ///   - field: The measurement's name in the request, such as `weight`.
    ///   - ranges: The range January accepts in each unit.
    ///   - units: The accepted units as a message lists them, such as `lb or kg`.
    /// - Throws: `JanuaryError` of category `invalidInput` for an out-of-range value or a unit without a range.
    func validate(field: String, ranges: [JanuaryVocabulary<UnitKind>: ClosedRange<Double>], units: String) throws {
        guard let range = ranges[unit] else {
            throw JanuaryError.invalidInput("\(field).unit must be \(units).")
        }
        try Validation.number(value, field: "\(field).value (\(unit.rawValue))", in: range)
    }
}
