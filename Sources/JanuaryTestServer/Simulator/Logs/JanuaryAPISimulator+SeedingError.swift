extension JanuaryAPISimulator {
    /// Why the simulator refused to seed a log: the error January would have answered a create with the same
    /// content, such as `invalid_request` for a food that is not in the catalogue. Nothing was stored.
    public struct SeedingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The status a create would have been answered with, such as `400`.
        public let status: Int
        /// January's error code, such as `invalid_request` or `daily_water_limit_exceeded`.
        public let code: String
        /// What is wrong, naming the field as a create's body would (`foods[0].serving_id`).
        public let message: String

        /// `code: message`, as a test failure prints it.
        public var description: String {
            "\(code): \(message)"
        }

        init(_ error: APIError) {
            self.init(status: error.status, code: error.code, message: error.message)
        }

        init(status: Int, code: String, message: String) {
            self.status = status
            self.code = code
            self.message = message
        }
    }
}
