import Foundation
import JanuaryCore

extension JanuaryPartnerClient {
    /// Sends a request and decodes January's JSON answer into a value.
    ///
    /// By default the SDK's own decoder reads the body (ISO 8601 dates with or without fractional seconds);
    /// pass your own `JSONDecoder` for your own types and strategies.
    ///
    /// ```swift
    /// struct FoodName: Decodable { let name: String? }  // only the fields you need
    /// let request = JanuaryRequest(path: "/v1.2/foods/1001", replay: .safe)  // a read: safe to send twice
    /// let food = try await january.send(request, decoding: FoodName.self)
    /// ```
    ///
    /// For a `204 No Content` or an answer whose body you do not need, use ``sendExpectingNoContent(_:)``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The type to decode the body into.
    ///   - decoder: The decoder to use, or `nil` for the SDK's.
    /// - Returns: The decoded value.
    /// - Throws: Everything ``send(_:)`` throws, and ``/JanuaryCore/JanuaryError`` of category
    ///   ``/JanuaryCore/JanuaryError/Category/decoding`` when the body does not decode.
    public func send<Value: Decodable>(
        _ request: JanuaryRequest,
        decoding type: Value.Type,
        decoder: JSONDecoder? = nil
    ) async throws -> Value {
        try await sendWithResponse(request, decoding: type, decoder: decoder).value
    }

    /// Sends a request and decodes January's JSON answer, returning the value with the response it came in.
    ///
    /// ```swift
    /// struct NewFoodLog: Encodable { let foods: [FoodLogInputFood] }
    /// let request = JanuaryRequest(
    ///     method: .post,
    ///     path: "/v1.2/food-logs",
    ///     body: try .json(NewFoodLog(foods: meal)),
    ///     partnerUserID: PartnerUserID(rawValue: account.id)
    /// )
    /// let created = try await january.sendWithResponse(request, decoding: FoodLog.self)
    /// let location = created.response.value(forHTTPHeaderField: "Location")  // "/v1.2/food-logs/<id>"
    /// print(created.response.statusCode, location ?? "-")  // 201
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The type to decode the body into.
    ///   - decoder: The decoder to use, or `nil` for the SDK's.
    /// - Returns: The decoded value and the response.
    /// - Throws: As ``send(_:decoding:decoder:)``.
    public func sendWithResponse<Value: Decodable>(
        _ request: JanuaryRequest,
        decoding type: Value.Type,
        decoder: JSONDecoder? = nil
    ) async throws -> JanuaryDecodedResponse<Value> {
        let prepared = try prepare(request)
        let response = JanuaryResponse(try await exchange(prepared))
        let value = try Self.decode(
            type,
            from: response,
            decoder: decoder ?? JanuaryJSON.makeDecoder(),
            replay: prepared.replay
        )
        return JanuaryDecodedResponse(value: value, response: response)
    }

    /// Sends a request whose answer has no content you need, such as a `204 No Content` to a delete.
    ///
    /// - Parameter request: The request.
    /// - Throws: Everything ``send(_:)`` throws.
    public func sendExpectingNoContent(_ request: JanuaryRequest) async throws {
        _ = try await send(request)
    }

    /// Decodes a successful response's body, with an error that names the type and keeps the response's facts.
    ///
    /// An answer that cannot be read is an outcome nobody knows, as a `5xx` is, and the request's replay class
    /// decides what it means, as it does for the `5xx`: a request that is not `safe` may have acted at January
    /// (``/JanuaryCore/JanuaryError/mayHaveTakenEffect``), so that nobody sends it again unchecked and a create
    /// reconciles it like a lost answer; a `safe` one, such as an analysis sent with `POST`, did nothing to check.
    ///
    /// One generic copy serves every model: a copy specialised per model cost an app 9.5 KB and saved nothing,
    /// since `JSONDecoder` itself runs generically (Docs/Benchmarks.md, "Size in an app").
    @_semantics("optimize.sil.specialize.generic.never")
    static func decode<Value: Decodable>(
        _ type: Value.Type,
        from response: JanuaryResponse,
        decoder: JSONDecoder,
        replay: JanuaryReplayClass
    ) throws -> Value {
        do {
            return try decoder.decode(Value.self, from: response.body)
        } catch {
            let hint =
                response.body.isEmpty
                ? " The body is empty (HTTP \(response.statusCode)); use sendExpectingNoContent(_:) for such calls."
                : ""
            throw JanuaryError(
                category: .decoding,
                code: JanuaryError.Code.decodingFailed,
                message: "January's response could not be decoded as \(Value.self).\(hint)",
                statusCode: response.statusCode,
                requestID: response.requestID,
                underlyingError: error,
                mayHaveTakenEffect: !replay.allowsResendAfterUnknownOutcome
            )
        }
    }
}
