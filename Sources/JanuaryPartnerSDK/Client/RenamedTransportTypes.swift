import JanuaryTransport

// The transport's types were renamed with the January prefix when the SDK stopped re-exporting the transport layer
// (after 0.2.0). These forwarders keep a partner's custom transport compiling, with a fix-it, for the names that clash
// with no well-known library. `HTTPMethod` and `HTTPHeaderFields` have none: a forwarder would bring back the
// ambiguity beside Alamofire that the rename removed. Use `JanuaryHTTPMethod` (or `JanuaryRequest.Method`) and
// `JanuaryHTTPHeaderFields`.

/// Renamed ``/JanuaryTransport/JanuaryHTTPTransport``.
@available(*, deprecated, renamed: "JanuaryHTTPTransport")
public typealias HTTPTransport = JanuaryHTTPTransport

/// Renamed ``/JanuaryTransport/JanuaryHTTPRequest``.
@available(*, deprecated, renamed: "JanuaryHTTPRequest")
public typealias HTTPTransportRequest = JanuaryHTTPRequest

/// Renamed ``/JanuaryTransport/JanuaryHTTPResponse``.
@available(*, deprecated, renamed: "JanuaryHTTPResponse")
public typealias HTTPTransportResponse = JanuaryHTTPResponse
