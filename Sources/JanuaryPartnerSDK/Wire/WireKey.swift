/// A key of January's JSON: the one `CodingKey` every model of the SDK decodes and encodes with.
///
/// Each model lists its keys once, in a private `Keys` namespace, spelled exactly as January writes them (the
/// coders convert no key names). One key type serves them all rather than a `CodingKeys` enum per model: such an
/// enum brings six protocol conformances (`CodingKey`, its two descriptions, `RawRepresentable`, `Equatable`,
/// `Hashable`) with their witnesses, tables and string switches, which cost an app about 2.2 KB per model, 110 KB
/// over the SDK's 52 of them (Docs/Benchmarks.md, "Size in an app"). Keys are written `WireKey("food_id")` rather
/// than as string literals: being `ExpressibleByStringLiteral` took three more conformances, 0.9 KB of an app.
struct WireKey: CodingKey, Sendable {
    let stringValue: String

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// The key `stringValue`, spelled as January writes it.
    init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    /// January's JSON has no integer keys.
    var intValue: Int? {
        nil
    }

    init?(intValue: Int) {
        nil
    }
}
