import Foundation
import JanuaryCore

extension JanuaryPartnerClient {
    /// January's food catalogue: search, autocomplete, details, barcodes and healthier alternatives.
    ///
    /// Needs the `foods:read` scope on a client token.
    public var foods: Foods {
        Foods(client: self)
    }

    /// January's food catalogue, reached through ``JanuaryPartnerClient/foods``.
    ///
    /// A cheap value holding the client: get it whenever you need it. Every method checks its input first and
    /// throws `JanuaryError` of category `invalidInput` without sending anything (and without asking for a token)
    /// when a rule is broken.
    ///
    /// ```swift
    /// let results = try await january.foods.search(SearchFoodsRequest(query: "greek yogurt", type: .branded))
    /// let food = try await january.foods.get(id: results.items[0].id)
    /// ```
    public struct Foods: Sendable {
        let client: JanuaryPartnerClient

        /// Searches the catalogue by name, best match first.
        ///
        /// - Parameter request: The query and page.
        /// - Returns: One page of foods, each with its default serving only; empty when nothing matched.
        /// - Throws: `JanuaryError`: `invalidInput` for a query that is blank or longer than 256 characters, a limit
        ///   outside 1–50 or a negative offset, before sending; otherwise what January answers
        ///   (`invalid_request`, `scope_insufficient`, `rate_limited`, …).
        public func search(_ request: SearchFoodsRequest) async throws -> FoodSearchResults {
            try await client.perform(request.makeRequest(), returning: FoodSearchResults.self)
        }

        /// Suggests food names for what the user has typed so far.
        ///
        /// - Parameter request: The partial query.
        /// - Returns: Suggestions with calories only; empty for a query of fewer than two letters or digits.
        /// - Throws: `JanuaryError`: `invalidInput` for a query longer than 64 characters, a limit outside 1–20 or
        ///   the recipe type, before sending; otherwise what January answers.
        public func autocomplete(_ request: AutocompleteFoodsRequest) async throws -> AutocompleteFoodsResponse {
            try await client.perform(request.makeRequest(), returning: AutocompleteFoodsResponse.self)
        }

        /// Gets one food with all its servings.
        ///
        /// - Parameter id: The food's id, from a search, a suggestion, a menu item or an analysis.
        /// - Returns: The food, with nutrients for its default serving and the complete list of servings.
        /// - Throws: `JanuaryError`: `invalidInput` for an id that is not a numeric id, before sending; `notFound`
        ///   (`not_found`) when January has no such food; otherwise what January answers.
        public func get(id: FoodID) async throws -> Food {
            try await client.perform(Self.getRequest(id: id), returning: Food.self)
        }

        /// Gets the packaged product with a barcode.
        ///
        /// ```swift
        /// let product = try await january.foods.get(barcode: "012345678905")
        /// ```
        ///
        /// - Parameter barcode: The scanned UPC-E, UPC-A, EAN-8, EAN-13 or GTIN-14: 6 to 14 ASCII digits.
        /// - Returns: The product, with its default serving only.
        /// - Throws: `JanuaryError`: `invalidInput` for anything but 6 to 14 digits, before sending; `notFound`
        ///   (`not_found`) when no food has this barcode; otherwise what January answers.
        public func get(barcode: String) async throws -> Food {
            try await client.perform(Self.barcodeRequest(barcode), returning: Food.self)
        }

        /// Looks up the packaged product with a barcode.
        ///
        /// Renamed ``get(barcode:)``, beside ``get(id:)``: both get one food.
        ///
        /// - Parameter barcode: The scanned UPC-E, UPC-A, EAN-8, EAN-13 or GTIN-14: 6 to 14 ASCII digits.
        /// - Returns: The product, with its default serving only.
        /// - Throws: What ``get(barcode:)`` throws.
        @available(*, deprecated, renamed: "get(barcode:)")
        public func lookupBarcode(_ barcode: String) async throws -> Food {
            try await get(barcode: barcode)
        }

        /// Suggests healthier alternatives to a food, within the end user's restrictions and preferences.
        ///
        /// - Parameter request: The food and the diet to respect.
        /// - Returns: The alternatives, each with a recommended portion; may be empty.
        /// - Throws: `JanuaryError`: `invalidInput` for a malformed food id or more than 17 restrictions or 9
        ///   preferences, before sending; `notFound` when January has no such food; `invalid_request` for a
        ///   restriction or preference January does not know; otherwise what January answers.
        public func suggestAlternatives(
            _ request: SuggestFoodAlternativesRequest
        ) async throws -> SuggestFoodAlternativesResponse {
            try await client.perform(request.makeRequest(), returning: SuggestFoodAlternativesResponse.self)
        }

        static func getRequest(id: FoodID) throws -> JanuaryRequest {
            try id.validate(field: "foods.get(id:) id")
            return try JanuaryOperation.getFood.request(id.rawValue)
        }

        static func barcodeRequest(_ barcode: String) throws -> JanuaryRequest {
            let digits = barcode.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard digits, (6...14).contains(barcode.utf8.count) else {
                throw JanuaryError.invalidInput("barcode must be 6 to 14 ASCII digits (UPC, EAN or GTIN).")
            }
            return try JanuaryOperation.lookupFoodByBarcode.request(barcode)
        }
    }
}
