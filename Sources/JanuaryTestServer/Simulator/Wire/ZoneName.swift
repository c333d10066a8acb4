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
        if let canonical = known[name.lowercased()], let zone = TimeZone(identifier: canonical) {
            return (zone, canonical)
        }
        // Linux's list of known identifiers leaves out the `Etc/` area (`Etc/UTC`, `Etc/GMT+8`), which are IANA
        // names all the same: what many Linux hosts report as their zone, and how the SDK names a whole-hour
        // fixed offset. Their canonical spelling is `Etc/` and the rest in capitals.
        let lowered = name.lowercased()
        guard lowered.hasPrefix("etc/") else {
            return nil
        }
        let canonical = "Etc/" + lowered.dropFirst(4).uppercased()
        guard let zone = TimeZone(identifier: canonical) else {
            return nil
        }
        return (zone, canonical)
    }
}
