import Foundation

/// Resolves time-zone names the way January does: a name of the tz database, canonical (`Asia/Kolkata`) or a
/// link (`Asia/Calcutta`, `US/Eastern`, `GB`), that the platform resolves; the answer echoes it as given.
///
/// `TimeZone.knownTimeZoneIdentifiers` is not the test: on Linux it leaves out most links and several
/// canonical names. `TimeZone(identifier:)` is, but it also resolves what is no tz name — abbreviations
/// (`PST`, `IST`) and fixed offsets (`GMT+5`, `UTC+05:00`) — so those are refused by their form: a name
/// without an area must be one of the tz database's area-less names, and letter case must be the database's
/// (a platform with a case-insensitive file system would otherwise accept `america/new_york`).
enum ZoneName {
    /// The tz database's names without an area (canonical and `backward` links); `PST` or `IST` are not
    /// among them, though platforms resolve them as abbreviations.
    static let arealess: Set<String> = [
        "CET", "CST6CDT", "Cuba", "EET", "EST", "EST5EDT", "Egypt", "Eire", "GB", "GB-Eire", "GMT", "GMT+0", "GMT-0",
        "GMT0", "Greenwich", "HST", "Hongkong", "Iceland", "Iran", "Israel", "Jamaica", "Japan", "Kwajalein", "Libya",
        "MET", "MST", "MST7MDT", "NZ", "NZ-CHAT", "Navajo", "PRC", "PST8PDT", "Poland", "Portugal", "ROC", "ROK",
        "Singapore", "Turkey", "UCT", "UTC", "Universal", "W-SU", "WET", "Zulu",
    ]

    /// The zone and the name as given, or `nil` when `name` is not a tz database name the platform resolves.
    static func resolve(_ name: String) -> (zone: TimeZone, name: String)? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy(isNamePart) else { return nil }
        if parts.count == 1 {
            guard arealess.contains(name) else { return nil }
        } else if !hasDatabaseCase(parts) {
            return nil
        }
        guard let zone = TimeZone(identifier: name) else { return nil }
        return (zone, name)
    }

    /// A tz name part: letters, digits, `_`, `-` and `+`, at most 32 long, not `.`/`..`.
    private static func isNamePart(_ part: Substring) -> Bool {
        (1...32).contains(part.count) && part.first != "-"
            && part.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-" || scalar == "+")
            }
    }

    /// Every part of a name with an area starts with a capital letter or a digit (`Etc/GMT+8`,
    /// `America/Argentina/Buenos_Aires`, `America/Port-au-Prince`), as the tz database spells them.
    private static func hasDatabaseCase(_ parts: [Substring]) -> Bool {
        parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first else { return false }
            return CharacterSet.uppercaseLetters.contains(first) || CharacterSet.decimalDigits.contains(first)
        }
    }
}
