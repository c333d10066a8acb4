/// Ranks catalogue entries against a query, best first; documented in `Docs/Simulator.md`.
///
/// Scores: the query equals the name (100) or an alias (95); the name starts with the query (80); every
/// query word starts a word of the name, brand or aliases, or is its singular (60, minus one per extra name
/// word); some query words do (40 × the share that do). Nothing matched: not a result. Ties keep catalogue
/// order.
enum CatalogSearch {
    static func score(query: String, name: String?, brand: String?, aliases: [String]) -> Double {
        let queryWords = Words.of(query)
        guard !queryWords.isEmpty else { return 0 }
        let phrase = queryWords.joined(separator: " ")
        let nameWords = Words.of(name ?? "")
        let namePhrase = nameWords.joined(separator: " ")
        let aliasPhrases = aliases.map { Words.of($0).joined(separator: " ") }
        if phrase == namePhrase { return 100 }
        if aliasPhrases.contains(phrase) { return 95 }
        if !namePhrase.isEmpty && namePhrase.hasPrefix(phrase) { return 80 }
        let brandWords: [String] = Words.of(brand ?? "")
        let aliasWords: [String] = aliases.flatMap { Words.of($0) }
        let vocabulary: [String] = nameWords + brandWords + aliasWords
        let matched: [String] = queryWords.filter { word in
            let singular = Words.singular(word)
            return vocabulary.contains { $0.hasPrefix(word) || Words.singular($0) == singular }
        }
        let share = Double(matched.count) / Double(queryWords.count)
        if matched.count == queryWords.count {
            let extraWords = Double(max(0, nameWords.count - queryWords.count))
            return 60 - extraWords
        }
        return 40 * share
    }

    /// Indices of `entries` with a positive score, best first, ties in original order.
    static func rank<T>(_ entries: [T], by score: (T) -> Double) -> [T] {
        var scored: [(index: Int, entry: T, score: Double)] = []
        for (index, entry) in entries.enumerated() {
            let value = score(entry)
            if value > 0 {
                scored.append((index, entry, value))
            }
        }
        scored.sort { lhs, rhs in lhs.score != rhs.score ? lhs.score > rhs.score : lhs.index < rhs.index }
        return scored.map { $0.entry }
    }

    /// Autocomplete: every query word must start a word of the name or brand.
    static func completes(_ query: String, name: String?, brand: String?) -> Bool {
        let words = Words.of(name ?? "") + Words.of(brand ?? "")
        let queryWords = Words.of(query)
        return !queryWords.isEmpty && queryWords.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
    }
}
