import Foundation

/// Recognises catalogue foods and portions in plain English, deterministically; the rules are in
/// `Docs/Simulator.md`.
///
/// The text is cut into parts at commas, semicolons, `&`, `+` and the words `and`, `with`, `plus`. In each
/// part, foods are found left to right by their names and aliases (plural or singular, longest name first);
/// the words before a food give its portion: a number (`2`, `1.5`, `1/2`) or a number word (`a`, `an`,
/// `one` … `twelve`, `dozen`, `couple`), times ½ for `half` and ¼ for `quarter`, and a unit (`cup`, `slice`,
/// `oz`, `tbsp`, `g`, …) that picks the food's serving with that unit, dividing by its size (`6 oz salmon`
/// with a 3 oz serving is 2 servings).
enum TextAnalyzer {
    private static let separators: Set<String> = ["and", "with", "plus"]
    private static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "dozen": 12, "couple": 2, "single": 1, "double": 2,
    ]

    /// A food phrase: its words and the food it names.
    private struct Phrase {
        let words: [String]
        let food: SimulatedFood
    }

    static func detect(_ text: String, catalog: Catalog, confidence: String? = nil) -> [Detection] {
        let phrases = catalog.allFoods.flatMap { food in
            ([food.name ?? ""] + food.aliases).map { Phrase(words: Words.of($0).map(Words.singular), food: food) }
                .filter { !$0.words.isEmpty }
        }
        var detections: [Detection] = []
        for part in parts(of: text) {
            var cursor = 0
            while cursor < part.count, let (start, phrase) = firstMatch(in: part, from: cursor, phrases: phrases) {
                let portion = Array(part[cursor..<start])
                if let detection = detection(of: phrase.food, portion: portion, confidence: confidence) {
                    detections.append(detection)
                }
                cursor = start + phrase.words.count
            }
        }
        return detections
    }

    /// Word lists between separators.
    static func parts(of text: String) -> [[String]] {
        var spaced = text.lowercased()
        for mark in [",", ";", "&", "+", "!", "?", "\n"] {
            spaced = spaced.replacingOccurrences(of: mark, with: " and ")
        }
        var parts: [[String]] = [[]]
        for word in Words.of(spaced) {
            if separators.contains(word) {
                parts.append([])
            } else {
                parts[parts.count - 1].append(word)
            }
        }
        return parts.filter { !$0.isEmpty }
    }

    private static func firstMatch(in words: [String], from cursor: Int, phrases: [Phrase]) -> (Int, Phrase)? {
        let singular = words.map(Words.singular)
        for start in cursor..<words.count {
            var best: Phrase?
            for phrase in phrases where start + phrase.words.count <= words.count {
                guard Array(singular[start..<(start + phrase.words.count)]) == phrase.words else { continue }
                if best == nil || phrase.words.count > best!.words.count {
                    best = phrase
                }
            }
            if let best {
                return (start, best)
            }
        }
        return nil
    }

    private static func detection(of food: SimulatedFood, portion: [String], confidence: String?) -> Detection? {
        var count: Double?
        // "a dozen", "a couple": an article counts one only until a number word follows it.
        var countIsArticle = false
        var multiplier = 1.0
        var serving = food.defaultServing
        var unitMatched = false
        for word in portion {
            if word == "half" || word == "halves" {
                multiplier *= 0.5
            } else if word == "quarter" {
                multiplier *= 0.25
            } else if count == nil || countIsArticle, let number = number(word) {
                count = number
                countIsArticle = word == "a" || word == "an"
            } else if !unitMatched, let match = servingWithUnit(word, of: food) {
                serving = match
                unitMatched = true
            }
        }
        guard let serving else { return nil }
        var quantity = (count ?? 1) * multiplier
        if unitMatched, let size = serving.quantity, size > 0 {
            quantity /= size
        }
        quantity = (quantity * 10_000).rounded() / 10_000
        guard quantity > 0, quantity <= 10_000 else { return nil }
        return Detection(food: food, serving: serving, quantity: quantity, confidence: confidence)
    }

    private static func number(_ word: String) -> Double? {
        if let value = numberWords[word] {
            return value
        }
        let fraction = word.split(separator: "/")
        if fraction.count == 2, let top = Double(fraction[0]), let bottom = Double(fraction[1]), bottom > 0 {
            return top / bottom
        }
        guard let value = Double(word), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The serving whose unit names `word` (`cups` → `cup`, `grams` → `g`, `tablespoons` → `tbsp`).
    private static func servingWithUnit(_ word: String, of food: SimulatedFood) -> SimulatedFood.Serving? {
        let synonyms: [String: String] = [
            "gram": "g", "grams": "g", "ounce": "oz", "ounces": "oz", "tablespoon": "tbsp", "tablespoons": "tbsp",
            "glass": "cup", "glasses": "cup", "mug": "cup", "bowl": "cup", "bowls": "cup",
        ]
        let wanted = synonyms[word] ?? Words.singular(word)
        return food.servings.first { serving in
            guard let unit = serving.unit else { return false }
            return Words.of(unit).map(Words.singular).first == wanted
        }
    }
}
