import Foundation

/// The query of a request, read the way January validates it: a bad value answers `400 invalid_request`
/// naming the parameter; lengths are in Unicode code points.
struct QueryParameters: Sendable {
    let items: [URLQueryItem]

    init(target: RecordedRequest) {
        var components = URLComponents()
        components.percentEncodedQuery = target.query
        items = components.queryItems ?? []
    }

    /// The first value of `name`; repeated parameters beyond the first are ignored.
    func value(_ name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    func requiredString(_ name: String, length: ClosedRange<Int>) throws -> String {
        guard let text = value(name) else { throw APIError.invalidRequest("`\(name)` is required") }
        guard length.contains(text.unicodeScalars.count) else {
            throw APIError.invalidRequest(
                "`\(name)` must be \(length.lowerBound) to \(length.upperBound) Unicode code points long"
            )
        }
        return text
    }

    func optionalEnum(_ name: String, _ allowed: [String]) throws -> String? {
        guard let text = value(name) else { return nil }
        guard allowed.contains(text) else {
            throw APIError.invalidRequest("`\(name)` must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func requiredEnum(_ name: String, _ allowed: [String]) throws -> String {
        guard let text = try optionalEnum(name, allowed) else {
            throw APIError.invalidRequest("`\(name)` is required")
        }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            let upper = range.upperBound == Int.max ? "" : " and at most \(range.upperBound)"
            throw APIError.invalidRequest("`\(name)` must be an integer of at least \(range.lowerBound)\(upper)")
        }
        return number
    }

    func requiredNumber(_ name: String, in range: ClosedRange<Double>) throws -> Double {
        guard let text = value(name) else { throw APIError.invalidRequest("`\(name)` is required") }
        return try number(name, text, in: range)
    }

    func optionalNumber(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        return try number(name, text, in: range)
    }

    private func number(_ name: String, _ text: String, in range: ClosedRange<Double>) throws -> Double {
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw APIError.invalidRequest(
                "`\(name)` must be a number from \(JSONValue.number(range.lowerBound).serialized) "
                    + "to \(JSONValue.number(range.upperBound).serialized)"
            )
        }
        return number
    }

    func requiredDate(_ name: String) throws -> LocalDate {
        guard let text = value(name) else { throw APIError.invalidRequest("`\(name)` is required") }
        guard let date = LocalDate(text) else {
            throw APIError.invalidRequest("`\(name)` must be a date in the form YYYY-MM-DD")
        }
        return date
    }

    /// The `timezone` parameter: an IANA zone name.
    func requiredZone() throws -> (zone: TimeZone, name: String) {
        guard let text = value("timezone") else { throw APIError.invalidRequest("`timezone` is required") }
        guard let resolved = ZoneName.resolve(text) else {
            throw APIError.invalidRequest("`timezone` must be an IANA time zone name such as America/New_York")
        }
        return resolved
    }
}
