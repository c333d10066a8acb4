import Foundation
import JanuaryCore

// The one way every typed operation reaches January, so that the resources hold no transport logic of their own:
// they validate, build a `JanuaryRequest`, and hand it here.
extension JanuaryPartnerClient {
    /// Sends a typed operation's request and decodes its JSON answer with the SDK's own decoder, which no
    /// partner setting can change.
    ///
    /// - Parameters:
    ///   - request: The request, already validated by the resource.
    ///   - type: The model the answer decodes into.
    /// - Returns: The decoded answer.
    /// - Throws: What ``send(_:decoding:decoder:)`` throws.
    func perform<Value: Decodable>(_ request: JanuaryRequest, returning type: Value.Type) async throws -> Value {
        let response = try await send(request)
        return try Self.decode(type, from: response, decoder: JanuaryJSON.makeDecoder())
    }

    /// Sends a typed operation's request whose answer has no content, such as a `204` to a delete.
    ///
    /// - Parameter request: The request, already validated by the resource.
    /// - Throws: What ``send(_:)`` throws.
    func perform(_ request: JanuaryRequest) async throws {
        _ = try await send(request)
    }
}
