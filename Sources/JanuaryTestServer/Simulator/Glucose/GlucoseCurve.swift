import Foundation

/// The simulator's glucose curve: a documented formula, not a model (`Docs/Simulator.md`).
///
/// - effective carbohydrates `C = max(0, carbohydrates − ½·fiber − 0.1·protein)` summed over the foods, in g;
/// - sensitivity `k` = 1 mg/dL per g, 1.4 with `prediabetes`, 2 with `type_2_diabetes`;
/// - baseline `B` = 95 mg/dL, or the mean of the CGM history when one is sent;
/// - peak rise `R = min(k·C, 200)`, reached at `T` = 45 min, or 60 min when fiber + protein ≥ 10 g;
/// - value at minute `t` (0, 15, …, 180): `B + R·sin(π/2 · t/T)` up to `T`, then `B + R·e^(−(t−T)/60)`,
///   rounded to 0.1;
/// - `impact_score`: `low` when `R` < 30, `medium` when `R` < 60, else `high`;
/// - `chart`: `min` 70, `max` 180 with `type_2_diabetes`, else 140.
struct GlucoseCurve {
    let baseline: Double
    let rise: Double
    let peakMinute: Double
    let maximum: Double

    init(foods: [SimulatedNutrients], conditions: Set<String>, historyReadings: [Double]) {
        func total(_ nutrient: SimulatedNutrients.Nutrient) -> Double {
            foods.reduce(0) { $0 + ($1[nutrient]?.value ?? 0) }
        }
        let fiber = total(.fiber)
        let protein = total(.protein)
        let effective = max(0, total(.carbohydrates) - 0.5 * fiber - 0.1 * protein)
        let sensitivity =
            conditions.contains("type_2_diabetes") ? 2.0 : conditions.contains("prediabetes") ? 1.4 : 1.0
        baseline =
            historyReadings.isEmpty
            ? 95 : (historyReadings.reduce(0, +) / Double(historyReadings.count) * 10).rounded() / 10
        rise = min(sensitivity * effective, 200)
        peakMinute = fiber + protein >= 10 ? 60 : 45
        maximum = conditions.contains("type_2_diabetes") ? 180 : 140
    }

    func value(atMinute minute: Double) -> Double {
        let shape =
            minute <= peakMinute ? sin(Double.pi / 2 * minute / peakMinute) : exp(-(minute - peakMinute) / 60)
        return ((baseline + rise * shape) * 10).rounded() / 10
    }

    var impact: String {
        rise < 30 ? "low" : rise < 60 ? "medium" : "high"
    }

    var wire: JSONValue {
        .object([
            "points": .array(
                stride(from: 0, through: 180, by: 15).map { minute in
                    .object(["minutes": .int(minute), "value": .number(value(atMinute: Double(minute)))])
                }
            ),
            "impact_score": .string(impact),
            "chart": .object(["min": .number(70), "max": .number(maximum)]),
        ])
    }
}
