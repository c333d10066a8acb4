import Foundation
import JanuaryCore

/// The three food analysis requests, checked and built before anything is sent.
enum FoodAnalysisRequests {
    /// Analyses take tens of seconds; January's own SDKs wait two minutes for them.
    static let timeout: TimeInterval = 120

    static func photo(_ photo: FoodPhoto, reasoning: AnalysisReasoningEffort?) throws -> JanuaryRequest {
        let body = try JanuaryJSON.encode(
            PhotoBody(image: try photo.imageValue(), reasoning: reasoning.map(ReasoningBody.init(effort:))))
        guard body.count <= FoodPhoto.maximumRequestBytes else {
            throw JanuaryError.invalidInput(
                "FoodPhoto image is too large: the request body would exceed January's 5 MB limit. Resize or "
                    + "compress it first.",
                code: JanuaryError.Code.payloadTooLarge
            )
        }
        return try request(.scanFoodPhoto, body: body)
    }

    static func description(_ text: String) throws -> JanuaryRequest {
        try Validation.text(text, field: "analyzeDescription text", length: 1...512)
        return try request(.searchFoodsByNaturalLanguage, body: try JanuaryJSON.encode(TextBody(text: text)))
    }

    static func correction(_ scan: FoodScan, instruction: String) throws -> JanuaryRequest {
        try Validation.text(instruction, field: "correct instruction", length: 1...1000)
        try Validation.count(scan.detections.count, field: "correct scan.detections", in: 0...100)
        for (index, detection) in scan.detections.enumerated() {
            let field = "correct scan.detections[\(index)].food"
            try detection.food.id.validate(field: "\(field).id")
            if let quantity = detection.food.quantity {
                try Validation.number(quantity, field: "\(field).quantity", above: 0, atMost: 10_000)
            }
            if let servingQuantity = detection.food.serving?.quantity {
                try Validation.number(servingQuantity, field: "\(field).serving.quantity", above: 0, atMost: 10_000)
            }
        }
        let body = try JanuaryJSON.encode(CorrectionBody(analysis: scan, instruction: instruction))
        return try request(.correctPhotoScan, body: body)
    }

    private static func request(_ operation: JanuaryOperation, body: Data) throws -> JanuaryRequest {
        try operation.request(body: .data(body, contentType: "application/json"), timeout: timeout)
    }

    private struct PhotoBody: Encodable {
        var image: String
        var reasoning: ReasoningBody?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(image, forKey: Keys.image)
            try container.encodeIfPresent(reasoning, forKey: Keys.reasoning)
        }

        private enum Keys {
            static var image: WireKey { WireKey("image") }
            static var reasoning: WireKey { WireKey("reasoning") }
        }
    }

    private struct ReasoningBody: Encodable {
        var effort: AnalysisReasoningEffort

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(effort, forKey: Keys.effort)
        }

        private enum Keys {
            static var effort: WireKey { WireKey("effort") }
        }
    }

    private struct TextBody: Encodable {
        var text: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(text, forKey: Keys.text)
        }

        private enum Keys {
            static var text: WireKey { WireKey("text") }
        }
    }

    private struct CorrectionBody: Encodable {
        var analysis: FoodScan
        var instruction: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(analysis, forKey: Keys.analysis)
            try container.encode(instruction, forKey: Keys.instruction)
        }

        private enum Keys {
            static var analysis: WireKey { WireKey("analysis") }
            static var instruction: WireKey { WireKey("instruction") }
        }
    }
}
