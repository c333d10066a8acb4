// `import JanuaryPartnerSDK` is all an app needs: the error, identifier and credential types from the core, the
// event, clock and back-off types that appear in the client's configuration, and the transport types for a
// partner that supplies its own `HTTPTransport` or tests with one.
@_exported import JanuaryAuth
@_exported import JanuaryCore
@_exported import JanuaryTransport
