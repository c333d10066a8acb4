import Foundation
import JanuaryCore

/// A value from one of January's closed vocabularies, such as a nutrient unit or a food type, that still
/// accepts values January adds later.
///
/// January's contract lists the values each field may take today, but a later server release may add one.
/// Modelling a vocabulary as an exhaustive enum would make such a response fail to decode, so every
/// vocabulary in the SDK is a small struct around its wire string, with a `static let` for each known value:
///
/// ```swift
/// let amount = food.nutrients.calories ?? NutrientAmount(value: 0, unit: .kilocalories)
/// let label: String
/// switch amount.unit {
/// case .grams: label = "g"
/// case .kilocalories: label = "Cal"
/// default: label = amount.unit.rawValue  // a unit this SDK version does not know yet
/// }
/// ```
///
/// A conforming type is a ``/JanuaryCore/JanuaryExtensibleString``, like the SDK's other open sets of strings:
/// it compares by its exact wire string and can be written as a string literal (`let unit: NutrientUnit = "mg"`).
/// What a vocabulary adds is its JSON form, a single string.
public protocol JanuaryVocabulary: JanuaryExtensibleString, Codable {}
