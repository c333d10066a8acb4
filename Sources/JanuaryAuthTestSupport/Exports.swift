// Our Auth-level tests import this one module for their harnesses, the manual clock and the deadline helpers.
@_exported import JanuaryAuthTesting
