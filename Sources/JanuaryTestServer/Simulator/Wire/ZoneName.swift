import Foundation

/// Resolves IANA time-zone names the way January does: any spelling that differs only in letter case is
/// accepted, and the answer echoes the canonical spelling.
enum ZoneName {
    private static let known: [String: String] = {
        var table: [String: String] = [:]
        for identifier in TimeZone.knownTimeZoneIdentifiers + ["UTC"] {
            table[identifier.lowercased()] = identifier
        }
        return table
    }()

    /// The zone and its canonical name, or `nil` when `name` is not an IANA zone name.
    static func resolve(_ name: String) -> (zone: TimeZone, name: String)? {
        guard let canonical = known[name.lowercased()], let zone = TimeZone(identifier: canonical) else {
            return nil
        }
        return (zone, canonical)
    }
}
