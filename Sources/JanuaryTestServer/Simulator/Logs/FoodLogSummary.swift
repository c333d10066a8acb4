import Foundation

/// `getFoodLogSummary`: buckets that tile the window by day or by week (first and last weeks clipped to it),
/// with log counts, days with logs and summed nutrients; totals; and the average per logged day.
enum FoodLogSummary {
    static func answer(_ context: OperationContext, logs: [FoodLogRecord]) throws -> APIResponse {
        let window = try DateWindow(context.query, maximumDays: 366)
        let groupBy = try context.query.optionalEnum("group_by", ["day", "week"]) ?? "day"
        let weekStart = try context.query.optionalEnum("week_start", ["monday", "sunday"]) ?? "monday"
        let dated = logs.map { (date: window.localDate(of: $0.eatenAt), log: $0) }
            .filter { window.start <= $0.date && $0.date <= window.end }

        var buckets: [JSONValue] = []
        var bucketStart = window.start
        while bucketStart <= window.end {
            var bucketEnd = bucketStart
            if groupBy == "week" {
                let firstWeekday = weekStart == "monday" ? 2 : 1
                let daysIntoWeek = (bucketStart.weekday - firstWeekday + 7) % 7
                bucketEnd = min(window.end, bucketStart.adding(days: 6 - daysIntoWeek))
            }
            let inBucket = dated.filter { bucketStart <= $0.date && $0.date <= bucketEnd }
            buckets.append(
                .object([
                    "start_date": .string(bucketStart.description),
                    "end_date": .string(bucketEnd.description),
                    "logs_count": .int(inBucket.count),
                    "days_with_logs": .int(Set(inBucket.map(\.date)).count),
                    "nutrients": sum(inBucket.map(\.log)).wire,
                ])
            )
            bucketStart = bucketEnd.adding(days: 1)
        }

        let total = sum(dated.map(\.log))
        let days = Set(dated.map(\.date)).count
        let average =
            days == 0
            ? SimulatedNutrients(amounts: [:])
            : SimulatedNutrients(
                amounts: total.amounts.mapValues {
                    SimulatedNutrients.Amount(SimulatedNutrients.round2($0.value / Double(days)), $0.unit)
                }
            )
        return .json(
            .object([
                "group_by": .string(groupBy),
                "week_start": groupBy == "week" ? .string(weekStart) : .null,
                "timezone": .string(window.zoneName),
                "start_date": .string(window.start.description),
                "end_date": .string(window.end.description),
                "buckets": .array(buckets),
                "totals": .object([
                    "logs_count": .int(dated.count),
                    "days_with_logs": .int(days),
                    "nutrients": total.wire,
                ]),
                "average_per_logged_day": .object(["nutrients": average.wire]),
            ])
        )
    }

    private static func sum(_ logs: [FoodLogRecord]) -> SimulatedNutrients {
        logs.sorted { $0.sequence < $1.sequence }.reduce(SimulatedNutrients(amounts: [:])) { $0.adding($1.nutrients) }
    }
}
