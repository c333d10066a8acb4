import Foundation

@testable import JanuaryTestServer

/// A response schema of the contract, strict the way January's are: every key of an object is required unless
/// the object is sparse, no other key may appear, and `null` only where a value is marked nullable.
indirect enum Schema: Sendable {
    case string
    case integer
    case number
    case boolean
    /// UTC with exactly three fraction digits and `Z`, naming a real instant: `2026-08-26T18:35:11.000Z`.
    case timestamp
    /// `YYYY-MM-DD`, a real date.
    case date
    /// A lower-case UUID.
    case uuid
    /// `^[1-9]\d{0,9}$`, as `FoodId` and `ServingId`.
    case numericID
    case oneOf([String])
    case nullable(Schema)
    case array(Schema)
    /// Every key required, no other.
    case object([String: Schema])
    /// Keys optional (absent means "no value"), no other; `NutritionFacts`.
    case sparse([String: Schema])

    /// What is wrong with `value`, one line per violation, each naming its JSON path.
    func violations(of value: JSONValue, at path: String = "$") -> [String] {
        switch self {
        case .nullable(let inner):
            return value.isNull ? [] : inner.violations(of: value, at: path)
        case _ where value.isNull:
            return ["\(path) is null"]
        case .string:
            return value.stringValue == nil ? ["\(path) is not a string"] : []
        case .integer:
            guard case .int = value else { return ["\(path) is not an integer: \(value.serialized)"] }
            return []
        case .number:
            return value.doubleValue == nil ? ["\(path) is not a number"] : []
        case .boolean:
            return value.boolValue == nil ? ["\(path) is not a boolean"] : []
        case .timestamp:
            guard let text = value.stringValue, Self.isUTCMilliseconds(text) else {
                return ["\(path) is not a UTC timestamp with milliseconds: \(value.serialized)"]
            }
            return []
        case .date:
            guard let text = value.stringValue, LocalDate(text) != nil else {
                return ["\(path) is not a YYYY-MM-DD date: \(value.serialized)"]
            }
            return []
        case .uuid:
            guard let text = value.stringValue, UUID(uuidString: text) != nil, text == text.lowercased() else {
                return ["\(path) is not a lower-case UUID: \(value.serialized)"]
            }
            return []
        case .numericID:
            guard let text = value.stringValue, FoodOperations.isNumericID(text) else {
                return ["\(path) is not a numeric id string: \(value.serialized)"]
            }
            return []
        case .oneOf(let allowed):
            guard let text = value.stringValue, allowed.contains(text) else {
                return ["\(path) is not one of \(allowed): \(value.serialized)"]
            }
            return []
        case .array(let element):
            guard let items = value.arrayValue else { return ["\(path) is not an array"] }
            return items.enumerated().flatMap { element.violations(of: $0.element, at: "\(path)[\($0.offset)]") }
        case .object(let members), .sparse(let members):
            guard let object = value.objectValue else { return ["\(path) is not an object"] }
            var found: [String] = []
            for key in object.keys.sorted() where members[key] == nil {
                found.append("\(path).\(key) is not in the schema")
            }
            for (key, schema) in members.sorted(by: { $0.key < $1.key }) {
                if let member = object[key] {
                    found += schema.violations(of: member, at: "\(path).\(key)")
                } else if case .object = self {
                    found.append("\(path).\(key) is missing")
                }
            }
            return found
        }
    }

    /// Exactly `YYYY-MM-DDTHH:MM:SS.mmmZ`, and a real instant.
    static func isUTCMilliseconds(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z") else { return false }
        return Timestamp.parse(text) != nil
    }
}

/// The response schemas of Partner API v1.2 (Docs/Contract.md), written from the
/// contract's tables, not from the simulator's code.
enum ContractSchema {
    static let nutrientAmount = Schema.object(["value": .number, "unit": .oneOf(["g", "mg", "kcal", "IU", "mcg"])])
    static let nutritionFacts = Schema.sparse(
        Dictionary(
            uniqueKeysWithValues: [
                "calories", "protein", "carbohydrates", "net_carbohydrates", "total_fat", "trans_fat", "saturated_fat",
                "fiber", "total_sugars", "added_sugars", "cholesterol", "calcium", "iron", "potassium", "sodium",
                "vitamin_d",
            ].map { ($0, nutrientAmount) }
        )
    )
    static let servingOption = Schema.object([
        "id": .numericID, "quantity": .nullable(.number), "unit": .nullable(.string),
        "scaling_factor": .nullable(.number), "weight_grams": .nullable(.number), "is_primary": .nullable(.boolean),
    ])
    static let servingSummary = Schema.object([
        "id": .numericID, "quantity": .number, "unit": .nullable(.string), "weight_grams": .nullable(.number),
    ])
    static let foodSearchItem = Schema.object([
        "id": .numericID, "type": .oneOf(["generic", "branded", "recipe"]), "name": .nullable(.string),
        "brand_name": .nullable(.string), "nutrients": nutritionFacts, "glycemic_index": .nullable(.number),
        "glycemic_load": .nullable(.number), "image_url": .nullable(.string), "barcode": .nullable(.string),
        "servings": .array(servingOption),
    ])
    static let foodSearchResults = Schema.object(["items": .array(foodSearchItem)])
    static let autocomplete = Schema.object([
        "items": .array(
            .object([
                "id": .numericID, "type": .oneOf(["generic", "branded"]), "name": .nullable(.string),
                "brand_name": .nullable(.string), "image_url": .nullable(.string),
                "nutrients": .sparse(["calories": nutrientAmount]),
            ])
        )
    ])
    static let alternatives = Schema.object([
        "alternatives": .array(
            .object([
                "id": .numericID, "name": .nullable(.string), "brand_name": .nullable(.string),
                "nutrients": nutritionFacts, "servings": .array(servingSummary),
            ])
        )
    ])
    static let restaurants = Schema.object([
        "items": .array(
            .object([
                "type": .oneOf(["restaurant"]), "id": .string, "name": .nullable(.string),
                "is_chain": .nullable(.boolean), "distance_meters": .nullable(.number), "city": .nullable(.string),
                "address1": .nullable(.string), "address2": .nullable(.string),
            ])
        )
    ])
    static let menuItems = Schema.object([
        "items": .array(
            .object([
                "id": .numericID, "name": .nullable(.string), "nutrients": nutritionFacts,
                "glycemic_index": .nullable(.number), "glycemic_load": .nullable(.number),
                "servings": .array(servingOption),
            ])
        )
    ])
    static let menuItemSearch = Schema.object([
        "items": .array(
            .object([
                "type": .oneOf(["menu_item"]), "id": .numericID, "name": .nullable(.string),
                "restaurant_name": .nullable(.string), "is_chain": .nullable(.boolean), "nutrients": nutritionFacts,
                "glycemic_index": .nullable(.number), "glycemic_load": .nullable(.number),
                "image_url": .nullable(.string), "distance_meters": .nullable(.number),
                "servings": .array(servingOption),
            ])
        )
    ])
    static let foodScan = Schema.object([
        "meal_name": .nullable(.string), "total_nutrients": nutritionFacts,
        "detections": .array(
            .object([
                "confidence": .nullable(.oneOf(["high", "medium", "low"])),
                "food": .object([
                    "name": .nullable(.string), "brand_name": .nullable(.string), "id": .numericID,
                    "quantity": .number, "serving": servingSummary, "nutrients": nutritionFacts,
                ]),
            ])
        ),
    ])
    static let foodLog = Schema.object([
        "id": .nullable(.uuid), "eaten_at": .timestamp, "name": .nullable(.string),
        "foods": .array(
            .object([
                "food_id": .numericID, "name": .nullable(.string), "brand_name": .nullable(.string),
                "image_url": .nullable(.string), "glycemic_index": .nullable(.number),
                "glycemic_load": .nullable(.number), "nutrients": nutritionFacts, "quantity": .nullable(.number),
                "serving": servingSummary,
            ])
        ),
    ])
    static let foodLogs = Schema.object(["items": .array(foodLog)])
    static let summaryCounts: [String: Schema] = [
        "logs_count": .integer, "days_with_logs": .integer, "nutrients": nutritionFacts,
    ]
    static let foodLogSummary = Schema.object([
        "group_by": .oneOf(["day", "week"]), "week_start": .nullable(.oneOf(["monday", "sunday"])),
        "timezone": .string, "start_date": .date, "end_date": .date,
        "buckets": .array(.object(summaryCounts.merging(["start_date": .date, "end_date": .date]) { $1 })),
        "totals": .object(summaryCounts), "average_per_logged_day": .object(["nutrients": nutritionFacts]),
    ])
    static let volume = Schema.object(["value": .number, "unit": .oneOf(["fl_oz", "ml", "cup"])])
    static let waterLog = Schema.object(["id": .uuid, "amount": volume, "consumed_at": .timestamp])
    static let waterLogs = Schema.object(["items": .array(.object(["date": .date, "total": volume]))])
    static let weight = Schema.object(["value": .number, "unit": .oneOf(["lb", "kg"])])
    static let weightLog = Schema.object(["weight": weight, "measured_at": .timestamp])
    static let weightLogs = Schema.object(["items": .array(.object(["date": .date, "weight": weight]))])
    static let glucosePrediction = Schema.object([
        "points": .array(.object(["minutes": .integer, "value": .number])),
        "impact_score": .nullable(.oneOf(["low", "medium", "high"])),
        "chart": .object(["min": .nullable(.number), "max": .nullable(.number)]),
    ])
    static let clientToken = Schema.object([
        "token": .string, "expires_in": .integer, "expires_at": .timestamp, "end_user_id": .string,
        "scopes": .array(.oneOf(JanuaryAPISimulator.Scope.all.map(\.rawValue))),
    ])
    static let revocation = Schema.object(["revoked_count": .integer])
    static let creditBalance = Schema.object([
        "plan": .oneOf(["free", "pro", "startup", "enterprise", "unlimited"]), "period_start": .date,
        "period_end": .date, "resets_at": .timestamp, "included_credits": .nullable(.integer),
        "used_credits": .integer, "remaining_credits": .nullable(.integer),
    ])
    static let error = Schema.object(["code": .string, "message": .string])
}
