// The suite time limit every test target shares (JanuaryTestTraits), visible in each of this target's files.
@_exported import JanuaryTestTraits
