// Our SDK tests import this one module: the harnesses here and below, and everything a partner's tests get.
@_exported import JanuaryAuthTestSupport
@_exported import JanuaryPartnerSDKTesting
