import JanuaryCore

/// A digest of what an entry writes (its type, instant, name, and each member's type, unit and exact value), so that
/// the mirror can tell a log already in Health from a changed one by reading only its own metadata.
///
/// 64-bit FNV-1a over a canonical text, as 16 hex digits: the same on every platform and every run, unlike Swift's
/// seeded `Hasher`. Not a secret and not a security measure: it only has to change when the content does.
enum HealthFingerprint {
    static func of(_ entry: HealthEntry) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical(entry).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One line per part; a member's value by its bit pattern, so that a change in the last bit is a change.
    private static func canonical(_ entry: HealthEntry) -> String {
        var lines = [
            entry.type.rawValue,
            HealthSyncIdentifier.milliseconds(entry.date).map { String($0) } ?? "-",
            name(entry.foodType),
            quantity(entry.quantity),
        ]
        for member in entry.members.sorted(by: { $0.syncIdentifier < $1.syncIdentifier }) {
            lines.append(member.syncIdentifier + " " + member.type.rawValue + " " + quantity(member.quantity))
        }
        return lines.joined(separator: "\n")
    }

    /// The name by its scalars' numbers, so that no name can contain the separator of the canonical text.
    private static func name(_ name: String?) -> String {
        name.map { "name " + $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ".") } ?? "no name"
    }

    private static func quantity(_ quantity: HealthQuantity?) -> String {
        quantity.map { $0.unit.rawValue + " " + String($0.value.bitPattern, radix: 16) } ?? "-"
    }
}
