// Our Auth tests import this one module: the harnesses here, and the clock and deadlines partners' tests get too.
@_exported import JanuaryAuthTesting
@_exported import JanuaryCoreTesting
