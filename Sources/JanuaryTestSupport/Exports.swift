// Our SDK-level tests import this one module for the client harnesses and everything of the layers below.
@_exported import JanuaryAuthTestSupport
