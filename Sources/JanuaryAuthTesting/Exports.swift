// `ManualClock.waitForSleepers` throws `WaitTimeoutError`, so whoever imports the clock can name the error too.
@_exported import JanuaryCoreTesting
