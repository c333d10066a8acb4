import JanuaryTransport

extension JanuaryRequest {
    /// An HTTP method: the transport's ``/JanuaryTransport/HTTPMethod``, so that one type and one idempotence rule
    /// serve every layer.
    public typealias Method = HTTPMethod
}
