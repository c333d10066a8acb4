import Foundation
import JanuaryCore

/// A write as the outbox keeps it on disk, one record of ``OutboxStore`` each: the user's write and what delivery
/// has learnt about it, never a token, key or credential (`OutboxCrashTests` reads every byte of the folder).
///
/// Its own format, versioned apart from January's wire format so that a change of either leaves the other alone.
/// A record of a newer ``format`` than this SDK reads is quarantined, never guessed at.
struct OutboxRecord: Codable, Sendable {
    /// The format this SDK writes and the newest it reads.
    static let currentFormat = 1

    var format = OutboxRecord.currentFormat
    var id: JanuaryOutbox.EntryID
    /// The order the app handed writes over in, across restarts: each user's writes are delivered in it.
    var sequence: Int64
    var user: String
    /// ``JanuaryOutbox/Entry/Kind``'s name.
    var kindName: String
    var enqueuedAt: Date {
        get { Date(timeIntervalSinceReferenceDate: enqueuedAtSeconds) }
        set { enqueuedAtSeconds = newValue.timeIntervalSinceReferenceDate }
    }
    /// ``enqueuedAt`` as the seconds a `Date` holds: `Date` is not frozen in Apple's Foundation, and stored inline it
    /// gave the record, and the queue and store values holding records, a layout known only at run time (see
    /// `Boxed`).
    private var enqueuedAtSeconds: TimeInterval

    /// A food-log create's meal; its `eatenAt` is the create's identity, ``instantMilliseconds``.
    var foods: [FoodLogInputFood]?
    var name: String?
    /// A food-log create's instant, or an update's new time, in milliseconds since 1970.
    var instantMilliseconds: Int64?

    /// An update's new foods (``foods`` holds a create's).
    var updateFoods: [FoodLogInputFood]?
    var updateName: String?
    var updateEatenAtMilliseconds: Int64?

    /// An update's or delete's log: January's identifier, or the create in the outbox whose log it is.
    var targetLogID: String?
    var targetEntry: JanuaryOutbox.EntryID?

    var water: WaterAmount?
    var weight: Weight?
    /// When water was drunk or a weight measured, in milliseconds since 1970.
    var timeMilliseconds: Int64?

    /// When, by the device's clock in milliseconds since 1970, a request of this write was last about to leave:
    /// written before each attempt and again as each send begins, so that after a crash the write is settled
    /// (or, for water and weight, flagged) rather than sent blindly again.
    var lastSendMilliseconds: Int64?

    /// Why the write needs attention, once it does.
    var problem: Problem?

    /// A ``JanuaryError`` as a record keeps it: what the app needs to explain it, nothing of a request.
    ///
    /// Read and written as the record's nested `problem` object by the record's own coding, not `Codable`: the
    /// conformances cost an app more than the two functions they wrap (Docs/Benchmarks.md, "Size in an app").
    struct Problem: Sendable {
        var category: String
        var code: String?
        var message: String
        var statusCode: Int?
        var mayHaveTakenEffect: Bool

        init(from container: KeyedDecodingContainer<WireKey>) throws {
            category = try container.decode(String.self, forKey: Keys.category)
            code = try container.decodeIfPresent(String.self, forKey: Keys.code)
            message = try container.decode(String.self, forKey: Keys.message)
            statusCode = try container.decodeIfPresent(Int.self, forKey: Keys.statusCode)
            mayHaveTakenEffect = try container.decode(Bool.self, forKey: Keys.mayHaveTakenEffect)
        }

        func encode(to container: inout KeyedEncodingContainer<WireKey>) throws {
            try container.encode(category, forKey: Keys.category)
            try container.encodeIfPresent(code, forKey: Keys.code)
            try container.encode(message, forKey: Keys.message)
            try container.encodeIfPresent(statusCode, forKey: Keys.statusCode)
            try container.encode(mayHaveTakenEffect, forKey: Keys.mayHaveTakenEffect)
        }

        init(_ error: JanuaryError) {
            category = error.category.description
            code = error.code?.rawValue
            message = error.message
            statusCode = error.statusCode
            mayHaveTakenEffect = error.mayHaveTakenEffect
        }

        /// The categories a record may name; one this SDK does not know reads as `server`.
        static let categories: [JanuaryError.Category] = [
            .authentication, .authorization, .tokenProvider, .network, .timeout, .server, .invalidInput, .notFound,
            .rateLimited, .cancelled, .decoding,
        ]

        var error: JanuaryError {
            JanuaryError(
                category: Self.categories.first { $0.description == category } ?? .server,
                code: code.map { JanuaryError.Code(rawValue: $0) },
                message: message,
                statusCode: statusCode,
                mayHaveTakenEffect: mayHaveTakenEffect
            )
        }
    }

    // Written out with the SDK's one key type rather than synthesised: a `CodingKeys` enum per type costs an app
    // several kilobytes of conformances (Docs/Benchmarks.md, "Size in an app").
    private enum Keys {
        static var format: WireKey { WireKey("format") }
        static var id: WireKey { WireKey("id") }
        static var sequence: WireKey { WireKey("sequence") }
        static var user: WireKey { WireKey("user") }
        static var kind: WireKey { WireKey("kind") }
        static var enqueuedAt: WireKey { WireKey("enqueued_at") }
        static var foods: WireKey { WireKey("foods") }
        static var name: WireKey { WireKey("name") }
        static var instant: WireKey { WireKey("instant_ms") }
        static var updateFoods: WireKey { WireKey("update_foods") }
        static var updateName: WireKey { WireKey("update_name") }
        static var updateEatenAt: WireKey { WireKey("update_eaten_at_ms") }
        static var targetLogID: WireKey { WireKey("target_log_id") }
        static var targetEntry: WireKey { WireKey("target_entry") }
        static var water: WireKey { WireKey("water") }
        static var weight: WireKey { WireKey("weight") }
        static var time: WireKey { WireKey("time_ms") }
        static var lastSend: WireKey { WireKey("last_send_ms") }
        static var problem: WireKey { WireKey("problem") }
        static var category: WireKey { WireKey("category") }
        static var code: WireKey { WireKey("code") }
        static var message: WireKey { WireKey("message") }
        static var statusCode: WireKey { WireKey("status_code") }
        static var mayHaveTakenEffect: WireKey { WireKey("may_have_taken_effect") }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        // The required values first, then the record is whole and each optional one is assigned: a throw then
        // destroys one record, rather than each throw its own set of the values decoded so far.
        let format = try container.decode(Int.self, forKey: Keys.format)
        self.init(
            id: try container.decode(JanuaryOutbox.EntryID.self, forKey: Keys.id),
            sequence: try container.decode(Int64.self, forKey: Keys.sequence),
            user: try container.decode(String.self, forKey: Keys.user),
            kind: JanuaryOutbox.Entry.Kind(rawValue: try container.decode(String.self, forKey: Keys.kind)),
            enqueuedAt: try container.decode(Date.self, forKey: Keys.enqueuedAt))
        self.format = format
        foods = try container.decodeIfPresent([FoodLogInputFood].self, forKey: Keys.foods)
        name = try container.decodeIfPresent(String.self, forKey: Keys.name)
        instantMilliseconds = try container.decodeIfPresent(Int64.self, forKey: Keys.instant)
        updateFoods = try container.decodeIfPresent([FoodLogInputFood].self, forKey: Keys.updateFoods)
        updateName = try container.decodeIfPresent(String.self, forKey: Keys.updateName)
        updateEatenAtMilliseconds = try container.decodeIfPresent(Int64.self, forKey: Keys.updateEatenAt)
        targetLogID = try container.decodeIfPresent(String.self, forKey: Keys.targetLogID)
        targetEntry = try container.decodeIfPresent(JanuaryOutbox.EntryID.self, forKey: Keys.targetEntry)
        water = try container.decodeIfPresent(WaterAmount.self, forKey: Keys.water)
        weight = try container.decodeIfPresent(Weight.self, forKey: Keys.weight)
        timeMilliseconds = try container.decodeIfPresent(Int64.self, forKey: Keys.time)
        lastSendMilliseconds = try container.decodeIfPresent(Int64.self, forKey: Keys.lastSend)
        // As `decodeIfPresent` reads a value: absent or null is none.
        if container.contains(Keys.problem), try !container.decodeNil(forKey: Keys.problem) {
            problem = try Problem(from: container.nestedContainer(keyedBy: WireKey.self, forKey: Keys.problem))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.encode(format, forKey: Keys.format)
        try container.encode(id, forKey: Keys.id)
        try container.encode(sequence, forKey: Keys.sequence)
        try container.encode(user, forKey: Keys.user)
        try container.encode(kindName, forKey: Keys.kind)
        try container.encode(enqueuedAt, forKey: Keys.enqueuedAt)
        try container.encodeIfPresent(foods, forKey: Keys.foods)
        try container.encodeIfPresent(name, forKey: Keys.name)
        try container.encodeIfPresent(instantMilliseconds, forKey: Keys.instant)
        try container.encodeIfPresent(updateFoods, forKey: Keys.updateFoods)
        try container.encodeIfPresent(updateName, forKey: Keys.updateName)
        try container.encodeIfPresent(updateEatenAtMilliseconds, forKey: Keys.updateEatenAt)
        try container.encodeIfPresent(targetLogID, forKey: Keys.targetLogID)
        try container.encodeIfPresent(targetEntry, forKey: Keys.targetEntry)
        try container.encodeIfPresent(water, forKey: Keys.water)
        try container.encodeIfPresent(weight, forKey: Keys.weight)
        try container.encodeIfPresent(timeMilliseconds, forKey: Keys.time)
        try container.encodeIfPresent(lastSendMilliseconds, forKey: Keys.lastSend)
        if let problem {
            var nested = container.nestedContainer(keyedBy: WireKey.self, forKey: Keys.problem)
            try problem.encode(to: &nested)
        }
    }

    @inline(never)
    init(id: JanuaryOutbox.EntryID, sequence: Int64, user: String, kind: JanuaryOutbox.Entry.Kind, enqueuedAt: Date) {
        self.id = id
        self.sequence = sequence
        self.user = user
        self.kindName = kind.rawValue
        self.enqueuedAtSeconds = enqueuedAt.timeIntervalSinceReferenceDate
    }

    /// What the write does.
    var kind: JanuaryOutbox.Entry.Kind {
        JanuaryOutbox.Entry.Kind(rawValue: kindName)
    }

    /// The record's key in the store: its identifier.
    var key: String {
        id.rawValue
    }

    /// The record's bytes, through the SDK's one JSON coder.
    func encoded() throws -> Data {
        try JanuaryJSON.encode(self)
    }

    /// Reads a record, or says why it cannot be one: a newer format, or bytes that are not one.
    static func decode(_ data: Data) throws -> OutboxRecord {
        let record = try JanuaryJSON.makeDecoder().decode(OutboxRecord.self, from: data)
        guard record.format <= currentFormat, OutboxStore.isValidKey(record.id.rawValue) else {
            throw JanuaryError(
                category: .decoding,
                message: "An outbox record has format \(record.format); this SDK reads up to \(currentFormat).")
        }
        return record
    }

    /// The meal of a food-log create, at its instant.
    var foodLogRequest: CreateFoodLogRequest? {
        guard kind == .foodLogCreate, let foods else {
            return nil
        }
        return CreateFoodLogRequest(foods: foods, eatenAt: instant?.date, name: name)
    }

    var instant: LogInstant? {
        instantMilliseconds.map(LogInstant.init(milliseconds:))
    }

    /// An update's change.
    var updateRequest: UpdateFoodLogRequest? {
        guard kind == .foodLogUpdate else {
            return nil
        }
        return UpdateFoodLogRequest(
            foods: updateFoods, eatenAt: updateEatenAtMilliseconds.map(Self.date(milliseconds:)), name: updateName)
    }

    static func date(milliseconds: Int64) -> Date {
        LogInstant(milliseconds: milliseconds).date
    }

    static func milliseconds(_ date: Date) -> Int64? {
        LogInstant(date)?.milliseconds
    }

    /// The record as the app sees it, in `state`.
    func entry(state: JanuaryOutbox.Entry.State, delivered: OutboxDelivered? = nil) -> JanuaryOutbox.Entry {
        JanuaryOutbox.Entry(
            .init(
                id: id,
                userID: PartnerUserID(rawValue: user),
                kind: kind,
                state: state,
                enqueuedAt: enqueuedAt,
                foodLog: foodLogRequest,
                foodLogUpdate: updateRequest,
                targetLogID: targetLogID.map { FoodLogID(rawValue: $0) },
                water: water,
                weight: weight,
                time: timeMilliseconds.map(Self.date(milliseconds:)),
                deliveredFoodLog: delivered?.foodLog,
                deliveredWaterLog: delivered?.waterLog,
                deliveredWeightLog: delivered?.weightLog,
                problem: problem?.error,
                mayHaveBeenSent: lastSendMilliseconds != nil
            ))
    }
}

/// What January answered a delivered write with.
///
/// A class, one reference wide: as a struct of three optional logs, each place that copied or destroyed one took
/// 2 KB of code in all (Docs/Benchmarks.md, "Size in an app").
final class OutboxDelivered: Sendable {
    let foodLog: FoodLog?
    let waterLog: WaterLog?
    let weightLog: WeightLog?

    init(foodLog: FoodLog? = nil, waterLog: WaterLog? = nil, weightLog: WeightLog? = nil) {
        self.foodLog = foodLog
        self.waterLog = waterLog
        self.weightLog = weightLog
    }
}

// The initialiser above and these constructors are never inlined: each `log` call's closure, and the outbox's own,
// carried a copy of the record's construction, 0.9 KB of an app in all (Docs/Benchmarks.md, "Size in an app").
extension OutboxRecord {
    /// A food-log create at its reserved instant.
    static func create(
        _ request: CreateFoodLogRequest, at instant: LogInstant, user: PartnerUserID, sequence: Int64, at now: Date
    ) -> OutboxRecord {
        var record = OutboxRecord(
            id: .make(), sequence: sequence, user: user.rawValue, kind: .foodLogCreate, enqueuedAt: now)
        record.foods = request.foods
        record.name = request.name
        record.instantMilliseconds = instant.milliseconds
        return record
    }

    /// A change of a log: January's, or that of a meal still in the outbox.
    @inline(never)
    static func update(
        _ update: UpdateFoodLogRequest, of logID: FoodLogID?, entry: JanuaryOutbox.EntryID?, user: PartnerUserID,
        sequence: Int64, at now: Date
    ) -> OutboxRecord {
        var record = OutboxRecord(
            id: .make(), sequence: sequence, user: user.rawValue, kind: .foodLogUpdate, enqueuedAt: now)
        record.updateFoods = update.foods
        record.updateName = update.name
        record.updateEatenAtMilliseconds = update.eatenAt.flatMap(milliseconds)
        record.targetLogID = logID?.rawValue
        record.targetEntry = entry
        return record
    }

    /// A deletion of a log: January's, or that of a meal still in the outbox.
    @inline(never)
    static func deletion(
        of logID: FoodLogID?, entry: JanuaryOutbox.EntryID?, user: PartnerUserID, sequence: Int64, at now: Date
    ) -> OutboxRecord {
        var record = OutboxRecord(
            id: .make(), sequence: sequence, user: user.rawValue, kind: .foodLogDelete, enqueuedAt: now)
        record.targetLogID = logID?.rawValue
        record.targetEntry = entry
        return record
    }

    /// A water or weight create at `time`.
    @inline(never)
    static func measurement(
        _ kind: JanuaryOutbox.Entry.Kind, water: WaterAmount?, weight: Weight?, at time: Date, user: PartnerUserID,
        sequence: Int64, now: Date
    ) -> OutboxRecord {
        var record = OutboxRecord(id: .make(), sequence: sequence, user: user.rawValue, kind: kind, enqueuedAt: now)
        record.water = water
        record.weight = weight
        record.timeMilliseconds = milliseconds(time)
        return record
    }
}
