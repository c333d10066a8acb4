import Foundation

/// Reads the members of one JSON object of a request body, answering `400 invalid_request` with a message
/// that names the field (with its path, such as `user_profile.age`) and the rule it broke.
///
/// January's request schemas allow `null` almost nowhere, so every typed reader refuses a member that is
/// present and `null` ("must not be null") unless it is asked for with `nullable: true`. Lengths are counted
/// in Unicode code points, as January counts them, not in the grapheme clusters `String.count` gives.
struct JSONFields: Sendable {
    let members: [String: JSONValue]
    /// The path of this object inside the body, such as `user_profile.`; empty at the top.
    let path: String

    init(members: [String: JSONValue], path: String = "") {
        self.members = members
        self.path = path
    }

    /// The top-level object of a body; an empty body reads as `{}` when `emptyAllowed`.
    static func body(_ body: JSONValue?, emptyAllowed: Bool = false) throws -> JSONFields {
        guard let body else {
            if emptyAllowed { return JSONFields(members: [:]) }
            throw APIError.invalidRequest("the request body is required and must be a JSON object")
        }
        guard let members = body.objectValue else {
            throw APIError.invalidRequest("the request body must be a JSON object")
        }
        return JSONFields(members: members)
    }

    func name(_ key: String) -> String {
        path + key
    }

    /// The member, with `null` read as missing: only for members the contract lets be `null`.
    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    /// The member when present; `nil` when absent, or when `null` and `nullable`; `null` otherwise refused.
    func present(_ key: String, nullable: Bool = false) throws -> JSONValue? {
        guard let value = members[key] else { return nil }
        guard !value.isNull else {
            if nullable { return nil }
            throw APIError.invalidRequest("`\(name(key))` must not be null")
        }
        return value
    }

    func has(_ key: String) -> Bool {
        members[key] != nil
    }

    func required(_ key: String) throws -> JSONValue {
        guard let value = try present(key) else { throw APIError.invalidRequest("`\(name(key))` is required") }
        return value
    }

    func requiredString(_ key: String, maxLength: Int, allowBlank: Bool = false) throws -> String {
        try string(required(key), key: key, maxLength: maxLength, allowBlank: allowBlank)
    }

    func optionalString(
        _ key: String,
        maxLength: Int,
        allowBlank: Bool = true,
        nullable: Bool = false
    ) throws -> String? {
        guard let value = try present(key, nullable: nullable) else { return nil }
        return try string(value, key: key, maxLength: maxLength, allowBlank: allowBlank)
    }

    private func string(_ value: JSONValue, key: String, maxLength: Int, allowBlank: Bool) throws -> String {
        guard let text = value.stringValue else { throw APIError.invalidRequest("`\(name(key))` must be a string") }
        if !allowBlank && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw APIError.invalidRequest("`\(name(key))` must not be empty")
        }
        if text.unicodeScalars.count > maxLength {
            throw APIError.invalidRequest("`\(name(key))` must be at most \(maxLength) Unicode code points")
        }
        return text
    }

    /// One of a closed vocabulary.
    func requiredEnum(_ key: String, _ allowed: [String]) throws -> String {
        let value = try required(key)
        guard let text = value.stringValue, allowed.contains(text) else {
            throw APIError.invalidRequest("`\(name(key))` must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func optionalEnum(_ key: String, _ allowed: [String], nullable: Bool = false) throws -> String? {
        guard try present(key, nullable: nullable) != nil else { return nil }
        return try requiredEnum(key, allowed)
    }

    func requiredNumber(_ key: String) throws -> Double {
        guard let number = try required(key).doubleValue, number.isFinite else {
            throw APIError.invalidRequest("`\(name(key))` must be a number")
        }
        return number
    }

    func requiredInteger(_ key: String) throws -> Int {
        let value = try required(key)
        if let number = value.intValue { return number }
        if value.isIntegral {
            throw APIError.invalidRequest("`\(name(key))` is out of range")
        }
        throw APIError.invalidRequest("`\(name(key))` must be an integer")
    }

    func requiredObject(_ key: String) throws -> JSONFields {
        guard let members = try required(key).objectValue else {
            throw APIError.invalidRequest("`\(name(key))` must be an object")
        }
        return JSONFields(members: members, path: name(key) + ".")
    }

    func optionalObject(_ key: String) throws -> JSONFields? {
        guard try present(key) != nil else { return nil }
        return try requiredObject(key)
    }

    func requiredArray(_ key: String, count: ClosedRange<Int>) throws -> [JSONValue] {
        guard let items = try required(key).arrayValue else {
            throw APIError.invalidRequest("`\(name(key))` must be an array")
        }
        guard count.contains(items.count) else {
            throw APIError.invalidRequest(
                "`\(name(key))` must have \(count.lowerBound) to \(count.upperBound) items, not \(items.count)"
            )
        }
        return items
    }

    func optionalArray(_ key: String, count: ClosedRange<Int>) throws -> [JSONValue]? {
        guard try present(key) != nil else { return nil }
        return try requiredArray(key, count: count)
    }

    /// An RFC 3339 date-time with `Z` or `±HH:MM` naming a real instant (``Timestamp/parse(_:)``).
    func requiredTimestamp(_ key: String) throws -> Date {
        guard let text = try required(key).stringValue, let date = Timestamp.parse(text) else {
            throw APIError.invalidRequest(
                "`\(name(key))` must be an RFC 3339 date-time naming a real instant, with a time zone designator "
                    + "(Z or ±HH:MM), such as 2026-08-26T18:35:11Z"
            )
        }
        return date
    }

    func optionalTimestamp(_ key: String) throws -> Date? {
        guard try present(key) != nil else { return nil }
        return try requiredTimestamp(key)
    }

    /// The element `index` of an array member, as an object.
    func element(_ items: [JSONValue], _ index: Int, of key: String) throws -> JSONFields {
        guard let members = items[index].objectValue else {
            throw APIError.invalidRequest("`\(name(key))[\(index)]` must be an object")
        }
        return JSONFields(members: members, path: "\(name(key))[\(index)].")
    }

    func rejectUnknown(allowed: Set<String>) throws {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw APIError.invalidRequest("`\(name(unknown))` is not a known field")
        }
    }
}
