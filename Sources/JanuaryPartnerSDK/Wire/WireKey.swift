/// A key of January's JSON: the one `CodingKey` every model of the SDK decodes and encodes with.
///
/// Each model lists its keys once, in a private `Keys` namespace, spelled exactly as January writes them (the
/// coders convert no key names). One key type serves them all rather than a `CodingKeys` enum per model: such an
/// enum brings six protocol conformances (`CodingKey`, its two descriptions, `RawRepresentable`, `Equatable`,
/// `Hashable`) with their witnesses, tables and string switches, which cost an app about 2.2 KB per model, 110 KB
/// over the SDK's 52 of them (Docs/Benchmarks.md, "Size in an app").
struct WireKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    let stringValue: String

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(stringLiteral value: String) {
        self.stringValue = value
    }

    /// January's JSON has no integer keys.
    var intValue: Int? {
        nil
    }

    init?(intValue: Int) {
        nil
    }
}
