/// Finds the operation for a request, in the contract's order (Docs/Contract.md, Operations): fixed segments such as
/// `/v1.2/foods/autocomplete` come before the `{food_id}` template they would also fit.
struct Router: Sendable {
    enum Match: Sendable {
        case operation(Operation, parameters: [String: String])
        /// The path is known but not with this method; the methods it has.
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    let operations: [Operation]

    func match(method: String, path: String) -> Match {
        var allowed: [String] = []
        for operation in operations {
            guard let parameters = operation.match(path: path) else { continue }
            if operation.method == method {
                return .operation(operation, parameters: parameters)
            }
            if !allowed.contains(operation.method) {
                allowed.append(operation.method)
            }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    /// Every operation the simulator serves, in matching order.
    static let partnerAPI = Router(
        operations: AuthOperations.all + CreditOperations.all + FoodOperations.all + RestaurantOperations.all
            + FoodAnalysisOperations.all + GlucoseOperations.all + FoodLogOperations.all + WaterLogOperations.all
            + WeightLogOperations.all
    )
}
