import Foundation

/// One figure the benchmark prints: a median, an optional baseline from the same run, and the target.
struct Figure: Sendable {
    let name: String
    let value: Double
    let unit: String
    let baseline: Double?
    let ratioTarget: Double?
    let valueTarget: Double?
    let note: String

    var ratio: Double? {
        baseline.map { value / $0 }
    }

    var meetsTarget: Bool {
        if let ratioTarget, let ratio, ratio > ratioTarget {
            return false
        }
        if let valueTarget, value > valueTarget {
            return false
        }
        return true
    }

    var line: String {
        var text = "\(name): \(format(value)) \(unit)"
        if let baseline, let ratio {
            text += " (baseline \(format(baseline)) \(unit), ratio \(format(ratio)))"
        }
        var targets: [String] = []
        if let ratioTarget { targets.append("ratio <= \(format(ratioTarget))") }
        if let valueTarget { targets.append("<= \(format(valueTarget)) \(unit)") }
        if !targets.isEmpty {
            text += " target \(targets.joined(separator: ", ")): " + (meetsTarget ? "met" : "MISSED")
        }
        if !note.isEmpty {
            text += " [\(note)]"
        }
        return text
    }

    var json: [String: Any] {
        var object: [String: Any] = ["name": name, "value": value, "unit": unit, "meetsTarget": meetsTarget]
        if let baseline { object["baseline"] = baseline }
        if let ratio { object["ratio"] = ratio }
        if let ratioTarget { object["ratioTarget"] = ratioTarget }
        if let valueTarget { object["valueTarget"] = valueTarget }
        if !note.isEmpty { object["note"] = note }
        return object
    }

    private func format(_ number: Double) -> String {
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
