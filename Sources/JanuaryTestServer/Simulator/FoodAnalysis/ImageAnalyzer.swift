import Foundation

/// Stands in for January's vision model with a fixed mapping (`Docs/Simulator.md`):
///
/// - An `http(s)` URL whose host's first label is `unreachable` answers `image_unreachable`; one whose path
///   names `barcode` answers `invalid_request` (a barcode-only photo). Otherwise the words of its path are read
///   as a description (`/photos/2-eggs-and-toast.jpg` → 2 eggs and toast); when they name catalogue foods,
///   those are the detections.
/// - A data URI must be `data:image/(jpeg|png|webp|gif);base64,…` whose bytes start with that format's
///   signature (`image_format_unsupported`, `image_invalid_base64` and `image_corrupt` otherwise).
/// - Anything else — a data URI, or a URL naming no food — is one of five fixed meals, chosen by the FNV-1a
///   hash of the image bytes (or the URL's text) modulo 5.
///
/// Confidence is `high` for the first food and `medium` or `low` for others; `reasoning.effort = none` (the
/// standard analyzer) lowers each by one level.
enum ImageAnalyzer {
    struct Meal: Sendable {
        let name: String
        let description: String
        let confidences: [String]
    }

    static let meals: [Meal] = [
        Meal(
            name: "Breakfast plate",
            description: "2 eggs, 2 slices of whole wheat toast and a cup of orange juice",
            confidences: ["high", "high", "medium"]
        ),
        Meal(
            name: "Chicken and rice bowl",
            description: "grilled chicken breast, a cup of white rice and a cup of steamed broccoli",
            confidences: ["high", "high", "medium"]
        ),
        Meal(
            name: "Salmon dinner",
            description: "baked salmon, baked sweet potato and spinach",
            confidences: ["high", "medium", "low"]
        ),
        Meal(
            name: "Oatmeal with fruit",
            description: "a cup of oatmeal, a banana and a cup of blueberries",
            confidences: ["high", "high", "medium"]
        ),
        Meal(
            name: "Pizza and salad",
            description: "2 slices of pepperoni pizza and a caesar salad",
            confidences: ["high", "medium"]
        ),
    ]

    private static let formats: [String: String] = [
        "image/jpeg": "jpeg", "image/jpg": "jpeg", "image/png": "png", "image/webp": "webp", "image/gif": "gif",
    ]

    static func analyze(image: String, standard: Bool, catalog: Catalog) throws -> JSONValue {
        let mealSeed: [UInt8]
        if image.lowercased().hasPrefix("data:") {
            mealSeed = try decode(dataURI: image)
        } else {
            guard let url = URL(string: image), let scheme = url.scheme?.lowercased(),
                scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty
            else {
                throw APIError.invalidRequest("`image` must be an http(s) URL or a data:image/…;base64 URI")
            }
            if host.lowercased().split(separator: ".").first == "unreachable" {
                throw APIError(status: 400, code: "image_unreachable", message: "the image URL could not be fetched")
            }
            let description = url.path.map { $0.isLetter || $0.isNumber ? $0 : " " }
            let words = Words.of(String(description))
            if words.contains("barcode") {
                throw APIError.invalidRequest(
                    "the photo shows only a barcode; look the product up with /v1.2/foods/barcode/{barcode}"
                )
            }
            let named = TextAnalyzer.detect(words.joined(separator: " "), catalog: catalog)
            if !named.isEmpty {
                let detections = named.enumerated().map { index, detection in
                    var detection = detection
                    detection.confidence = lowered(index == 0 ? "high" : "medium", standard: standard)
                    return detection
                }
                let names = detections.compactMap(\.name)
                let mealName = names.joined(separator: " and ")
                return Detection.scan(mealName: mealName.prefix(1).uppercased() + mealName.dropFirst(), detections)
            }
            mealSeed = Array(image.utf8)
        }
        let meal = meals[Int(fnv1a(mealSeed) % UInt64(meals.count))]
        let detections = TextAnalyzer.detect(meal.description, catalog: catalog).enumerated().map {
            index,
            detection in
            var detection = detection
            detection.confidence = lowered(meal.confidences[min(index, meal.confidences.count - 1)], standard: standard)
            return detection
        }
        return Detection.scan(mealName: meal.name, detections)
    }

    /// The image bytes of a data URI, checked as January checks them.
    private static func decode(dataURI: String) throws -> [UInt8] {
        guard let comma = dataURI.firstIndex(of: ",") else {
            throw APIError(status: 400, code: "image_invalid_base64", message: "the data URI has no payload")
        }
        let header = dataURI[dataURI.index(dataURI.startIndex, offsetBy: 5)..<comma].lowercased()
        let parts = header.split(separator: ";").map(String.init)
        guard let media = parts.first, formats[media] != nil else {
            throw APIError(
                status: 400,
                code: "image_format_unsupported",
                message: "the image must be JPEG, PNG, WEBP or a still GIF"
            )
        }
        guard parts.contains("base64"),
            let bytes = Data(base64Encoded: String(dataURI[dataURI.index(after: comma)...])), !bytes.isEmpty
        else {
            throw APIError(
                status: 400, code: "image_invalid_base64", message: "the data URI's base64 payload is invalid")
        }
        let signature = Array(bytes.prefix(12))
        guard let format = sniff(signature) else {
            throw APIError(status: 400, code: "image_corrupt", message: "the image could not be decoded")
        }
        if format == "gif" && gifFrameCount(Array(bytes)) > 1 {
            throw APIError(
                status: 400,
                code: "image_format_unsupported",
                message: "animated GIFs are not accepted; send a still image"
            )
        }
        return Array(bytes)
    }

    /// The images a GIF holds, counted by walking its blocks (GIF89a §17–§27) up to the trailer or the first
    /// byte that breaks the grammar; every read is bounds-checked, so a truncated or hostile file only ends
    /// the count.
    static func gifFrameCount(_ bytes: [UInt8]) -> Int {
        var cursor = 13
        guard bytes.count >= cursor else { return 0 }
        let screenFlags = bytes[10]
        if screenFlags & 0x80 != 0 {
            cursor += 3 << Int((screenFlags & 0x07) + 1)
        }
        // Skips data sub-blocks up to and including their zero-length terminator; `false` past the end.
        func skipSubBlocks() -> Bool {
            while cursor < bytes.count {
                let length = Int(bytes[cursor])
                cursor += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        var frames = 0
        while cursor < bytes.count {
            switch bytes[cursor] {
            case 0x21:
                cursor += 2
                guard skipSubBlocks() else { return frames }
            case 0x2C:
                guard cursor + 10 <= bytes.count else { return frames }
                let imageFlags = bytes[cursor + 9]
                cursor += 10
                if imageFlags & 0x80 != 0 {
                    cursor += 3 << Int((imageFlags & 0x07) + 1)
                }
                cursor += 1
                frames += 1
                guard skipSubBlocks() else { return frames }
            default:
                return frames
            }
        }
        return frames
    }

    /// The format a file's first bytes announce.
    static func sniff(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return "gif" }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "webp"
        }
        return nil
    }

    private static func lowered(_ confidence: String, standard: Bool) -> String {
        guard standard else { return confidence }
        return confidence == "high" ? "medium" : "low"
    }

    /// 64-bit FNV-1a: stable across runs and platforms, unlike `Hasher`.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
