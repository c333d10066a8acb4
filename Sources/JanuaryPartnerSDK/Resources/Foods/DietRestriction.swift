import Foundation

/// Something the end user must avoid, for ``SuggestFoodAlternativesRequest/dietRestrictions``.
///
/// January knows 17 restrictions; a request may list at most 17.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public struct DietRestriction: JanuaryVocabulary {
    /// The value as January writes it.
    public let rawValue: String

    /// Creates a value from its wire string.
    ///
    /// - Parameter rawValue: The value as January writes it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `gluten`.
    public static let gluten = DietRestriction(rawValue: "gluten")
    /// `lactose`.
    public static let lactose = DietRestriction(rawValue: "lactose")
    /// `yeast`.
    public static let yeast = DietRestriction(rawValue: "yeast")
    /// `tree_nuts`.
    public static let treeNuts = DietRestriction(rawValue: "tree_nuts")
    /// `peanuts`.
    public static let peanuts = DietRestriction(rawValue: "peanuts")
    /// `dairy`.
    public static let dairy = DietRestriction(rawValue: "dairy")
    /// `eggs`.
    public static let eggs = DietRestriction(rawValue: "eggs")
    /// `sulfites`.
    public static let sulfites = DietRestriction(rawValue: "sulfites")
    /// `soy`.
    public static let soy = DietRestriction(rawValue: "soy")
    /// `wheat`.
    public static let wheat = DietRestriction(rawValue: "wheat")
    /// `shellfish`.
    public static let shellfish = DietRestriction(rawValue: "shellfish")
    /// `fish`.
    public static let fish = DietRestriction(rawValue: "fish")
    /// `mushrooms`.
    public static let mushrooms = DietRestriction(rawValue: "mushrooms")
    /// `sesame`.
    public static let sesame = DietRestriction(rawValue: "sesame")
    /// `msg`.
    public static let msg = DietRestriction(rawValue: "msg")
    /// `caffeine`.
    public static let caffeine = DietRestriction(rawValue: "caffeine")
    /// `fodmaps`.
    public static let fodmaps = DietRestriction(rawValue: "fodmaps")
}
