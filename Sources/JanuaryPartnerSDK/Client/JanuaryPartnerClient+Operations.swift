import Foundation
import JanuaryCore

// The one way every typed operation reaches January, so that the resources hold no transport logic of their own:
// they validate, build a `JanuaryRequest`, name their `JanuaryOperation` (which says whether January lets it be
// sent twice), and hand it here.
extension JanuaryPartnerClient {
    /// Sends a typed operation's request, already checked by the resource, and decodes its JSON answer.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - operation: The operation the request is.
    ///   - type: The model the answer decodes into.
    /// - Returns: The decoded answer.
    /// - Throws: What ``send(_:decoding:decoder:)`` throws.
    func perform<Value: Decodable>(
        _ request: JanuaryRequest,
        operation: JanuaryOperation,
        returning type: Value.Type
    ) async throws -> Value {
        try await perform(actingFor: request.partnerUserID, operation: operation, returning: type) { request }
    }

    /// Sends a typed operation's request and decodes its JSON answer with the SDK's own decoder, which no
    /// partner setting can change.
    ///
    /// - Parameters:
    ///   - user: The user the operation acts for, if any: the one source of the user header, so `build` leaves the
    ///     request's own ``JanuaryRequest/partnerUserID`` unset. It is checked before `build` runs, so that an
    ///     unusable user ID is the error reported, whatever else is wrong.
    ///   - operation: The operation the request is.
    ///   - type: The model the answer decodes into.
    ///   - build: Checks the operation's own input and makes its request.
    /// - Returns: The decoded answer.
    /// - Throws: What ``send(_:decoding:decoder:)`` throws.
    func perform<Value: Decodable>(
        actingFor user: PartnerUserID?,
        operation: JanuaryOperation,
        returning type: Value.Type,
        _ build: () throws -> JanuaryRequest
    ) async throws -> Value {
        let response = try await exchange(prepare(actingFor: user) { try operation.marking(build()) })
        return try Self.decode(type, from: JanuaryResponse(response), decoder: JanuaryJSON.makeDecoder())
    }

    /// Sends a typed operation's request whose answer has no content, such as a `204` to a delete.
    ///
    /// - Parameters:
    ///   - user: The user the operation acts for, checked before `build` runs.
    ///   - operation: The operation the request is.
    ///   - build: Checks the operation's own input and makes its request.
    /// - Throws: What ``send(_:)`` throws.
    func perform(
        actingFor user: PartnerUserID?,
        operation: JanuaryOperation,
        _ build: () throws -> JanuaryRequest
    ) async throws {
        _ = try await exchange(prepare(actingFor: user) { try operation.marking(build()) })
    }
}

extension JanuaryOperation {
    /// `request`, marked as this operation's replay rule says. The request must be this operation's: a resource
    /// that names the wrong operation is a bug in the SDK, which the operation-table tests catch.
    func marking(_ request: JanuaryRequest) -> JanuaryRequest {
        assert(matches(method: request.method, path: request.path), "\(id) does not match \(request.path)")
        return replay.applied(to: request)
    }
}

/// What January's contract says about sending an operation twice, declared by every typed operation rather than
/// read from its method: several operations use `POST` only to carry a body, and January's own SDKs retry them.
enum ReplaySafety: Sendable {
    /// Sending it twice has the effect of sending it once: every read, search, analysis, prediction, update and
    /// delete. Retried like a `GET` under ``JanuaryPartnerClient/Configuration/retryPolicy``.
    case idempotent
    /// A create January does not deduplicate (`createFoodLog`, `createWaterLog`, `createWeightLog`): a second
    /// request after an unknown outcome may log twice, so it is sent again only after `429 rate_limited`, when
    /// January recorded nothing.
    case notDeduplicated

    /// `request`, marked as this safety says.
    func applied(to request: JanuaryRequest) -> JanuaryRequest {
        var marked = request
        marked.isIdempotent = self == .idempotent
        return marked
    }
}
