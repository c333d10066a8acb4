import Foundation
import JanuaryCore

/// The checks every request runs before it is sent, worded the same way everywhere.
///
/// A refusal names the field and the rule but never the value: a query, a description or a body measurement
/// may be personal data, and error messages end up in logs.
enum Validation {
    /// Text whose length, in Unicode scalars (JSON Schema's "characters"), lies in `length`; with
    /// `allowsBlank: false` it must also contain something other than whitespace.
    static func text(_ value: String, field: String, length: ClosedRange<Int>, allowsBlank: Bool = false) throws {
        let count = value.unicodeScalars.count
        guard length.contains(count) else {
            let rule =
                length.lowerBound == 0
                ? "at most \(length.upperBound) characters long"
                : "\(length.lowerBound) to \(length.upperBound) characters long"
            throw JanuaryError.invalidInput("\(field) must be \(rule).")
        }
        if !allowsBlank, value.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw JanuaryError.invalidInput("\(field) must not be empty or only whitespace.")
        }
    }

    /// An integer within `range`.
    static func integer(_ value: Int, field: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw JanuaryError.invalidInput("\(field) must be between \(range.lowerBound) and \(range.upperBound).")
        }
    }

    /// An integer of at least `minimum`.
    static func integer(_ value: Int, field: String, atLeast minimum: Int) throws {
        guard value >= minimum else {
            throw JanuaryError.invalidInput("\(field) must be \(minimum) or more.")
        }
    }

    /// A finite number within `range`.
    static func number(_ value: Double, field: String, in range: ClosedRange<Double>) throws {
        try finite(value, field: field)
        guard range.contains(value) else {
            throw JanuaryError.invalidInput(
                "\(field) must be between \(format(range.lowerBound)) and \(format(range.upperBound)).")
        }
    }

    /// A finite number above `lowerBound` (exclusive) and at most `upperBound`.
    static func number(_ value: Double, field: String, above lowerBound: Double, atMost upperBound: Double) throws {
        try finite(value, field: field)
        guard value > lowerBound, value <= upperBound else {
            throw JanuaryError.invalidInput(
                "\(field) must be greater than \(format(lowerBound)) and at most \(format(upperBound)).")
        }
    }

    /// A finite number: JSON has no NaN or infinity, and January would refuse them anyway.
    static func finite(_ value: Double, field: String) throws {
        guard value.isFinite else {
            throw JanuaryError.invalidInput("\(field) must be a finite number.")
        }
    }

    /// A date that can be written as a timestamp.
    static func date(_ value: Date, field: String) throws {
        guard value.timeIntervalSince1970.isFinite, abs(value.timeIntervalSince1970) < 8.64e12 else {
            throw JanuaryError.invalidInput("\(field) must be a valid date.")
        }
    }

    /// The IANA name January needs for `timeZone`: the one time-zone rule for every query and body.
    ///
    /// A zone made with `TimeZone(secondsFromGMT:)` is named like `GMT+0100`, which is not an IANA name; a
    /// whole-hour offset has one (`Etc/GMT-1`, whose sign the tz database inverts), other offsets do not.
    ///
    /// - Throws: `invalidInput` naming `field` for an empty or blank-containing name, or a fixed offset that
    ///   has no IANA name.
    static func timeZoneName(_ timeZone: TimeZone, field: String) throws -> String {
        let identifier = timeZone.identifier
        guard !identifier.isEmpty, !identifier.contains(where: \.isWhitespace) else {
            throw JanuaryError.invalidInput(
                "\(field) must be an IANA time zone name, such as Europe/Paris; it is empty or has blanks.")
        }
        guard identifier.count > 3, identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") else {
            return identifier
        }
        let seconds = timeZone.secondsFromGMT()
        let hours = seconds / 3600
        guard seconds % 3600 == 0, (-12...14).contains(hours) else {
            throw JanuaryError.invalidInput(
                "\(field) must be an IANA time zone name; \(identifier) is a fixed offset that has none. "
                    + "Use the zone by name, such as Asia/Kolkata."
            )
        }
        if hours == 0 {
            return "Etc/GMT"
        }
        return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
    }

    /// A collection whose size lies in `range`.
    static func count(_ count: Int, field: String, in range: ClosedRange<Int>) throws {
        guard range.contains(count) else {
            let rule =
                range.lowerBound == 0
                ? "at most \(range.upperBound) items"
                : "\(range.lowerBound) to \(range.upperBound) items"
            throw JanuaryError.invalidInput("\(field) must have \(rule).")
        }
    }

    /// A number as a person would write it: `10000`, `0.5`.
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
