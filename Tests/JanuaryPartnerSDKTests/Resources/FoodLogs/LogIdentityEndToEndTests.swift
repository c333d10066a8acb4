import Foundation
import JanuaryPartnerSDK
import JanuaryPartnerSDKTestSupport
import JanuaryTestServer
import Testing

/// The end-user identity rules of the eleven per-user log operations (Docs/Contract.md, End user), with both
/// credentials on one simulator: a client token from the harness's provider and a development key on a second client.
@Suite("Log identity end to end", suiteTimeLimit())
struct LogIdentityEndToEndTests {
    /// The logs an operation can act on.
    struct Fixture: Sendable {
        let foodLogID: FoodLogID
        let waterLogID: WaterLogID
    }

    struct LogOperation: Sendable, CustomTestStringConvertible {
        /// The simulator's name for it.
        let name: String
        let run: @Sendable (JanuaryUserClient, Fixture) async throws -> Void
        var testDescription: String { name }
    }

    static let apple = FoodLogInputFood(foodID: "1002", servingID: "5004", quantity: 1)

    static let operations: [LogOperation] = [
        LogOperation(name: "createFoodLog") { user, _ in
            // Dated, so that the create is its only request (an undated one lists a day first).
            try await user.foodLogs.create(
                CreateFoodLogRequest(foods: [apple], eatenAt: Date(timeIntervalSince1970: 1_767_196_800)))
        },
        LogOperation(name: "listFoodLogs") { user, _ in
            _ = try await user.foodLogs.list(on: try JanuaryDate("2025-12-31"))
        },
        LogOperation(name: "getFoodLogSummary") { user, _ in
            _ = try await user.foodLogs.summary(
                FoodLogSummaryRequest(from: try JanuaryDate("2025-12-25"), through: try JanuaryDate("2025-12-31")))
        },
        LogOperation(name: "getFoodLog") { user, fixture in
            _ = try await user.foodLogs.get(id: fixture.foodLogID)
        },
        LogOperation(name: "updateFoodLog") { user, fixture in
            try await user.foodLogs.update(id: fixture.foodLogID, UpdateFoodLogRequest(name: "Renamed"))
        },
        LogOperation(name: "deleteFoodLog") { user, fixture in
            try await user.foodLogs.delete(id: fixture.foodLogID)
        },
        LogOperation(name: "createWaterLog") { user, _ in
            try await user.waterLogs.create(.milliliters(250), consumedAt: Date(timeIntervalSince1970: 1_767_196_800))
        },
        LogOperation(name: "listWaterLogs") { user, _ in
            _ = try await user.waterLogs.list(
                from: try JanuaryDate("2025-12-25"), through: try JanuaryDate("2025-12-31"), unit: .milliliters)
        },
        LogOperation(name: "deleteWaterLog") { user, fixture in
            try await user.waterLogs.delete(id: fixture.waterLogID)
        },
        LogOperation(name: "createWeightLog") { user, _ in
            try await user.weightLogs.create(
                Weight(value: 70, unit: .kilograms), measuredAt: Date(timeIntervalSince1970: 1_767_196_800))
        },
        LogOperation(name: "listWeightLogs") { user, _ in
            _ = try await user.weightLogs.list(
                from: try JanuaryDate("2025-12-25"), through: try JanuaryDate("2025-12-31"))
        },
    ]

    enum Credential: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case clientToken, developmentKey

        var testDescription: String { rawValue }

        var kind: JanuaryAPISimulator.CredentialKind {
            self == .clientToken ? .clientToken : .apiKey
        }

        func user(on harness: ClientHarness, id: String = ClientHarness.endUserID) throws -> JanuaryUserClient {
            let client = self == .clientToken ? harness.client : try EndToEnd.developmentClient(on: harness)
            return client.forUser(PartnerUserID(rawValue: id), timeZone: EndToEnd.losAngeles)
        }
    }

    /// A food log and a water log of the harness's user, written with its client token; the request log is then
    /// emptied.
    static func fixture(_ harness: ClientHarness) async throws -> Fixture {
        let food = try await harness.user.foodLogs.create(
            CreateFoodLogRequest(foods: [apple], eatenAt: Date(timeIntervalSince1970: 1_767_196_800)))
        let water = try await harness.user.waterLogs.create(
            .milliliters(300), consumedAt: Date(timeIntervalSince1970: 1_767_196_800))
        harness.simulator.clearRequestLog()
        return Fixture(foodLogID: food.id, waterLogID: water.id)
    }

    @Test(
        "every log operation succeeds with either credential and sends January-End-User-ID",
        arguments: operations, Credential.allCases
    )
    func everyOperation(_ operation: LogOperation, credential: Credential) async throws {
        let harness = try ClientHarness()
        let fixture = try await Self.fixture(harness)
        let providerCalls = harness.provider.callCount
        try await operation.run(try credential.user(on: harness), fixture)
        let entry = try #require(harness.simulator.requestLog.first)
        #expect(harness.simulator.requestLog.count == 1)
        #expect(entry.operation == operation.name)
        #expect((200..<300).contains(entry.status ?? 0))
        #expect(entry.credential == credential.kind)
        #expect(entry.endUserHeader == ClientHarness.endUserID)
        #expect(harness.provider.callCount == providerCalls)
    }

    @Test(
        "a user client for another user with a client token gets 403 end_user_id_mismatch, never refreshed",
        arguments: operations
    )
    func mismatch(_ operation: LogOperation) async throws {
        let harness = try ClientHarness()
        let other = try Credential.clientToken.user(on: harness, id: "user-99")
        let fixture = Fixture(
            foodLogID: "3f2b9c1e-8d4a-4e6f-9b7a-2c1d0e5f6a7b", waterLogID: "5c0a3e2f-1b7d-4c9e-8f6a-0d2b4e6f8a1c")
        let error = await EndToEnd.expectError(.authorization, code: "end_user_id_mismatch", status: 403) {
            try await operation.run(other, fixture)
        }
        #expect(error?.message.contains("The app's user") == true)
        #expect(error?.message.contains("differ") == true)
        #expect(error?.message.contains("user-99") == false)
        #expect(harness.simulator.requestLog.map(\.endUserHeader) == ["user-99"])
        #expect(harness.simulator.requestLog.map(\.operation) == [operation.name])
        #expect(harness.provider.callCount == 1)
        #expect(harness.events.count(of: .tokenInvalidated) == 0)
    }

    @Test("the header is sent raw: an id with a slash, a plus, a percent sign and a space reaches January as is")
    func rawHeader() async throws {
        let odd = "Team A/user+42%2F"
        let harness = try ClientHarness(provider: { simulator, _ in
            CountingProvider { _ in
                let token = simulator.mintToken(endUserID: odd)
                return JanuaryClientToken(value: token.value, expiresIn: TimeInterval(token.expiresIn))
            }
        })
        let tokenUser = try Credential.clientToken.user(on: harness, id: odd)
        let keyUser = try Credential.developmentKey.user(on: harness, id: odd)
        let eatenAt = try EndToEnd.instant("2025-12-31T08:00:00-08:00")
        let created = try await keyUser.foodLogs.create(CreateFoodLogRequest(foods: [Self.apple], eatenAt: eatenAt))
        // Equal to the token's user only if sent byte for byte; percent-encoded it would be a mismatch.
        let listed = try await tokenUser.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(listed.map(\.id) == [created.id])
        #expect(harness.simulator.requestLog.map(\.endUserHeader) == [odd, odd])
        #expect(harness.simulator.requestLog.map(\.credential) == [.apiKey, .clientToken])
    }

    @Test("both credentials act on the same user's logs; another user's logs stay apart")
    func sharedAndSeparate() async throws {
        let harness = try ClientHarness()
        let tokenUser = try Credential.clientToken.user(on: harness)
        let keyUser = try Credential.developmentKey.user(on: harness)
        let stranger = try Credential.developmentKey.user(on: harness, id: "user-7")
        let day = try EndToEnd.day("2025-12-31")
        try await tokenUser.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T08:00:00-08:00")))
        try await keyUser.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T12:00:00-08:00")))
        try await stranger.foodLogs.create(
            CreateFoodLogRequest(foods: [Self.apple], eatenAt: try EndToEnd.instant("2025-12-31T13:00:00-08:00")))
        #expect(try await tokenUser.foodLogs.list(on: day).count == 2)
        #expect(try await keyUser.foodLogs.list(on: day).count == 2)
        #expect(try await stranger.foodLogs.list(on: day).count == 1)
        #expect(
            harness.simulator.requestLog.map(\.endUserHeader) == [
                "user-42", "user-42", "user-7", "user-42", "user-42", "user-7",
            ])
    }

    @Test("with a development key January needs the header: without it a log operation is 400 end_user_id_required")
    func developmentKeyWithoutHeader() async throws {
        let harness = try ClientHarness()
        let client = try EndToEnd.developmentClient(on: harness)
        await EndToEnd.expectError(.invalidInput, code: "end_user_id_required", status: 400) {
            _ = try await client.send(
                JanuaryRequest(
                    path: "/v1.2/weight-logs",
                    queryItems: [
                        URLQueryItem(name: "start_date", value: "2025-12-25"),
                        URLQueryItem(name: "end_date", value: "2025-12-31"),
                        URLQueryItem(name: "timezone", value: "America/Los_Angeles"),
                    ]))
        }
        #expect(harness.simulator.requestLog.map(\.endUserHeader) == [nil])
        // The typed operation always sends it.
        _ = try await client.forUser(PartnerUserID(rawValue: "user-42"), timeZone: EndToEnd.losAngeles).weightLogs.list(
            from: try EndToEnd.day("2025-12-25"), through: try EndToEnd.day("2025-12-31"))
        #expect(harness.simulator.requestLog.last?.endUserHeader == "user-42")
    }

    @Test("catalogue operations carry no end-user header")
    func catalogueWithoutHeader() async throws {
        let harness = try ClientHarness()
        _ = try await harness.client.foods.get(id: "1001")
        _ = try await harness.client.foodAnalysis.analyzeDescription("a banana")
        _ = try await harness.client.glucose.predict(
            PredictGlucoseRequest(
                profile: GlucosePredictionProfile(
                    age: 40, sex: .male, height: Height(value: 180, unit: .centimeters),
                    weight: Weight(value: 80, unit: .kilograms)),
                foods: [Self.apple], startTime: harness.clock.now(), timeZone: EndToEnd.losAngeles))
        #expect(harness.simulator.requestLog.map(\.endUserHeader) == [nil, nil, nil])
    }

    @Test(
        "an id that is an email address, blank or too long is refused before anything is sent",
        arguments: ["someone@example.com", "   ", String(repeating: "u", count: 65), "user\n42"]
    )
    func invalidUserID(id: String) async throws {
        let harness = try ClientHarness()
        let user = harness.client.forUser(PartnerUserID(rawValue: id), timeZone: EndToEnd.losAngeles)
        // A refused ID may be personal data (an email address): the error must not repeat it.
        let personal = id.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [id]
        try await requireRefusedLocally(
            code: "invalid_end_user_id", naming: "PartnerUserID", hiding: personal, outbound: harness.outbound
        ) {
            try await user.waterLogs.create(.milliliters(250))
        }
        try await requireRefusedLocally(
            code: "invalid_end_user_id", naming: "PartnerUserID", hiding: personal, outbound: harness.outbound
        ) {
            _ = try await user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        }
    }

    @Test("a fixed offset that is not a whole hour has no IANA name and is refused before anything is sent")
    func fractionalOffset() async throws {
        let harness = try ClientHarness()
        let india = harness.client.forUser(
            PartnerUserID(rawValue: ClientHarness.endUserID), timeZone: TimeZone(secondsFromGMT: 19_800)!)
        try await requireRefusedLocally(naming: "IANA", outbound: harness.outbound) {
            _ = try await india.weightLogs.list(
                from: try EndToEnd.day("2025-12-25"), through: try EndToEnd.day("2025-12-31"))
        }
    }

    @Test(
        "a whole-hour fixed offset is sent as its IANA name, and Etc/ names are sent as they are; January accepts both",
        arguments: [
            (TimeZone(secondsFromGMT: -8 * 3_600)!, "Etc/GMT+8"), (TimeZone(secondsFromGMT: 5 * 3_600)!, "Etc/GMT-5"),
            (TimeZone(identifier: "Etc/UTC")!, "Etc/UTC"),
        ]
    )
    func etcZones(zone: TimeZone, name: String) async throws {
        let harness = try ClientHarness()
        let user = harness.client.forUser(PartnerUserID(rawValue: ClientHarness.endUserID), timeZone: zone)
        _ = try await user.foodLogs.list(on: try EndToEnd.day("2025-12-31"))
        #expect(harness.simulator.requestLog.first?.query("timezone") == name)
        #expect(harness.simulator.requestLog.first?.status == 200)
    }
}
