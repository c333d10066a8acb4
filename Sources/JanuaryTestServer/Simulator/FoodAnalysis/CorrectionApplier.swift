import Foundation

/// Applies a plain-English correction to a sent-back analysis, deterministically (`Docs/Simulator.md`).
///
/// The instruction is cut into clauses at commas, semicolons, periods and the words `and`, `then`. Each
/// clause, by its first matching word:
/// - `double`/`twice`, `triple`, `half`/`halve`, `quarter` [the <food>]: multiplies the named detection's
///   quantity (every detection when no food is named) by 2, 3, ½ or ¼;
/// - `remove`, `no`, `without`, `delete`, `drop`, `skip`, `minus` <food>: removes the detections of that food;
/// - `replace <food> with <food>` or `swap …`: replaces the first with the second, same portion count;
/// - `add`/`also`/`plus` <portion> <food>: adds the food (text-analysis rules);
/// - `<portion> <food>` such as `2 eggs` or `1 cup of rice`: sets the quantity of that food's detection, or
///   adds it if there is none.
/// Clauses that name nothing known change nothing. Detections are named by a catalogue food name or alias
/// that resolves to their food id, or by words of their own name.
enum CorrectionApplier {
    /// The ten nutrients January forwards to its correction model; omitted ones are filled in as zero.
    static let forwardedNutrients: [(SimulatedNutrients.Nutrient, String)] = [
        (.calories, "kcal"), (.protein, "g"), (.carbohydrates, "g"), (.netCarbohydrates, "g"), (.totalFat, "g"),
        (.saturatedFat, "g"), (.fiber, "g"), (.totalSugars, "g"), (.addedSugars, "g"), (.sodium, "mg"),
    ]

    private static let stopWords: Set<String> = [
        "the", "it", "everything", "all", "portion", "portions", "of", "my", "a", "an", "please", "serving",
        "servings", "amount", "size",
    ]

    static func apply(_ instruction: String, to detections: [Detection], catalog: Catalog) -> [Detection] {
        var result = detections
        var text = instruction.lowercased()
        for mark in [",", ";", ".", "\n", "!"] {
            text = text.replacingOccurrences(of: mark, with: " and ")
        }
        var clauses: [[String]] = [[]]
        for word in Words.of(text) {
            if word == "and" || word == "then" {
                clauses.append([])
            } else {
                clauses[clauses.count - 1].append(word)
            }
        }
        for clause in clauses where !clause.isEmpty {
            apply(clause: clause, to: &result, catalog: catalog)
        }
        return result
    }

    private static func apply(clause: [String], to detections: inout [Detection], catalog: Catalog) {
        let factors: [String: Double] = [
            "double": 2, "twice": 2, "triple": 3, "half": 0.5, "halve": 0.5, "halved": 0.5, "quarter": 0.25,
        ]
        let removals: Set<String> = ["remove", "no", "without", "delete", "drop", "skip", "minus"]
        let additions: Set<String> = ["add", "also", "plus", "extra"]
        guard let first = clause.first else { return }
        let rest = Array(clause.dropFirst()).filter { !stopWords.contains($0) }
        if let factor = clause.lazy.compactMap({ factors[$0] }).first, additions.isDisjoint(with: clause) {
            let target = clause.filter { factors[$0] == nil && !stopWords.contains($0) && $0 != "as" && $0 != "much" }
            let indices = target.isEmpty ? Array(detections.indices) : matching(target, in: detections, catalog)
            for index in indices {
                detections[index].rescale(to: detections[index].quantity * factor)
            }
        } else if removals.contains(first) {
            let indices = Set(matching(rest, in: detections, catalog))
            detections = detections.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        } else if first == "replace" || first == "swap", let with = rest.firstIndex(of: "with") {
            let old = Array(rest[..<with])
            let new = TextAnalyzer.detect(rest[(with + 1)...].joined(separator: " "), catalog: catalog)
            guard let replacement = new.first, let index = matching(old, in: detections, catalog).first else { return }
            var swapped = replacement
            swapped.rescale(to: detections[index].quantity)
            swapped.confidence = nil
            detections[index] = swapped
        } else if additions.contains(first) {
            detections += TextAnalyzer.detect(rest.joined(separator: " "), catalog: catalog)
        } else {
            for found in TextAnalyzer.detect(clause.joined(separator: " "), catalog: catalog) {
                if let index = detections.firstIndex(where: { $0.foodID == found.foodID }) {
                    let servings =
                        detections[index].servingID == found.servingID
                        ? found.quantity
                        : found.quantity * (found.servingQuantity / max(detections[index].servingQuantity, 0.0001))
                    detections[index].rescale(to: servings)
                } else {
                    detections.append(found)
                }
            }
        }
    }

    /// Indices of the detections `words` name.
    private static func matching(_ words: [String], in detections: [Detection], _ catalog: Catalog) -> [Int] {
        guard !words.isEmpty else { return [] }
        let ids = Set(TextAnalyzer.detect(words.joined(separator: " "), catalog: catalog).map(\.foodID))
        let wanted = words.map(Words.singular)
        return detections.indices.filter { index in
            if ids.contains(detections[index].foodID) {
                return true
            }
            let nameWords = Words.of(detections[index].name ?? "").map(Words.singular)
            return wanted.allSatisfy(nameWords.contains)
        }
    }
}
