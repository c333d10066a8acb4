import Foundation

/// What a figure must reach to be met.
enum Target: Sendable {
    /// The median of the per-round ratios against the baseline is at most this (lower is better: a cost).
    case ratioAtMost(Double)
    /// The median of the per-round ratios is at least this (higher is better: a throughput).
    case ratioAtLeast(Double)
    /// The figure's value is at most this.
    case valueAtMost(Double)

    var text: String {
        switch self {
        case .ratioAtMost(let limit): "ratio <= \(Figure.format(limit))"
        case .ratioAtLeast(let limit): "ratio >= \(Figure.format(limit))"
        case .valueAtMost(let limit): "<= \(Figure.format(limit))"
        }
    }
}

/// How a figure's rounds become its value.
enum Aggregate: String, Sendable {
    /// The median round: timings.
    case median
    /// The worst round: counts that must hold in every round, such as provider calls.
    case maximum
}

/// A baseline: what it is, in words, and its value in each round of the same run.
struct Baseline: Sendable {
    let name: String
    let samples: [Double]
}

/// One figure the benchmark prints: its value in each round, an optional baseline measured in the same rounds
/// (interleaved with the figure's own work), and its target.
///
/// A ratio is taken round by round (the figure's round against the baseline's round next to it), so that drift
/// in the machine's speed between rounds cancels; the printed ratio is the median of those, with their min-max.
struct Figure: Sendable {
    let id: String
    let name: String
    let unit: String
    let samples: [Double]
    var aggregate = Aggregate.median
    var baseline: Baseline?
    var target: Target?
    var note = ""

    var value: Double {
        aggregate == .maximum ? (samples.max() ?? .nan) : median(samples)
    }

    var ratios: [Double] {
        guard let baseline else { return [] }
        return zip(samples, baseline.samples).map { $0 / $1 }
    }

    var ratio: Double? {
        baseline == nil ? nil : median(ratios)
    }

    var meetsTarget: Bool {
        switch target {
        case nil: true
        case .ratioAtMost(let limit): (ratio ?? .infinity) <= limit
        case .ratioAtLeast(let limit): (ratio ?? 0) >= limit
        case .valueAtMost(let limit): value <= limit
        }
    }

    var line: String {
        var text = "\(id). \(name): \(Self.format(value)) \(unit)"
        if aggregate == .median, samples.count > 1 {
            text += " (\(Self.range(samples)))"
        } else if aggregate == .maximum {
            text += " (worst of \(samples.count) rounds)"
        }
        if let baseline, let ratio {
            text += "; baseline, \(baseline.name): \(Self.format(median(baseline.samples))) \(unit)"
            text += " (\(Self.range(baseline.samples))); ratio \(Self.format(ratio)) (\(Self.range(ratios)))"
        }
        if let target {
            text += "; target \(target.text): " + (meetsTarget ? "met" : "missed")
        }
        if !note.isEmpty {
            text += " [\(note)]"
        }
        return text
    }

    var json: [String: Any] {
        var object: [String: Any] = [
            "id": id, "name": name, "value": value, "unit": unit, "samples": samples, "meetsTarget": meetsTarget,
            "aggregate": aggregate.rawValue,
        ]
        if let baseline {
            object["baselineName"] = baseline.name
            object["baseline"] = median(baseline.samples)
            object["baselineSamples"] = baseline.samples
            object["ratio"] = ratio
            object["ratioMin"] = ratios.min()
            object["ratioMax"] = ratios.max()
        }
        switch target {
        case nil: break
        case .ratioAtMost(let limit): object["ratioTargetAtMost"] = limit
        case .ratioAtLeast(let limit): object["ratioTargetAtLeast"] = limit
        case .valueAtMost(let limit): object["valueTargetAtMost"] = limit
        }
        object["target"] = target?.text
        if !note.isEmpty { object["note"] = note }
        return object
    }

    static func range(_ values: [Double]) -> String {
        "min-max \(format(values.min() ?? .nan))-\(format(values.max() ?? .nan))"
    }

    static func format(_ number: Double) -> String {
        number >= 100 ? String(format: "%.0f", number) : String(format: "%.3g", number)
    }
}

/// Monotonic time in nanoseconds; `DispatchTime` is available on every platform we build for.
func nowNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
