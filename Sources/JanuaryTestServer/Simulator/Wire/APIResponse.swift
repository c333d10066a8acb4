import Foundation

/// A successful answer before the simulator adds the headers every response carries.
struct APIResponse: Sendable {
    var status: Int
    /// `nil` for `204`, which has no content.
    var body: JSONValue?
    var headerFields: [HeaderField] = []

    static func json(_ body: JSONValue, status: Int = 200, headerFields: [HeaderField] = []) -> APIResponse {
        APIResponse(status: status, body: body, headerFields: headerFields)
    }

    static let noContent = APIResponse(status: 204, body: nil)

    init(status: Int, body: JSONValue?, headerFields: [HeaderField] = []) {
        self.status = status
        self.body = body
        self.headerFields = headerFields
    }

    init(error: APIError) {
        self.init(status: error.status, body: error.body, headerFields: error.headerFields)
    }

    /// The response on the wire, with `Content-Type`, `x-request-id` and `Date` added.
    func scripted(requestID: String, date: Date, delay: TimeInterval = 0) -> ScriptedResponse {
        var fields = [
            HeaderField(name: "x-request-id", value: requestID),
            HeaderField(name: "Date", value: HTTPDate.format(date)),
        ]
        var data = Data()
        if let body {
            fields.insert(HeaderField(name: "Content-Type", value: "application/json"), at: 0)
            data = Data(body.serialized.utf8)
        }
        return ScriptedResponse(status: status, headerFields: fields + headerFields, body: data, delay: delay)
    }
}
