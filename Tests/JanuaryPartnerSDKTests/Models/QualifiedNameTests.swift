import Foundation
import JanuaryPartnerSDK
import Testing

// An app's own types with the same names as the SDK's. Declared in this file only (`private`), so the rest of the
// test module keeps the SDK's; here, as in such an app, the bare names mean the app's types.
private struct Food {
    let calories: Int
}

private struct Weight {
    let grams: Int
}

private struct Volume {
    let millilitres: Int
}

private enum Sex {
    case unspecified
}

/// A partner whose app has its own `Food`, `Weight`, `Volume` or `Sex` reaches the SDK's through the module name,
/// as Docs/GettingStarted.md shows. This suite fails to compile if a public declaration named like the module
/// (such as a `JanuaryPartnerSDK` enum) takes the module name's place again.
@Suite("Module-qualified names", suiteTimeLimit())
struct QualifiedNameTests {
    @Test("The app's own types and the SDK's live side by side")
    func appTypesAndSDKTypes() throws {
        let own = (Food(calories: 95), Weight(grams: 70_000), Volume(millilitres: 250), Sex.unspecified)
        let food: JanuaryPartnerSDK.Food = JanuaryPartnerSDK.Food(id: "300")
        let weight = JanuaryPartnerSDK.Weight(value: 70, unit: .kilograms)
        let volume = JanuaryPartnerSDK.Volume(value: 250, unit: .milliliters)
        let sex: JanuaryPartnerSDK.Sex = .female

        #expect(own.0.calories == 95 && own.1.grams == 70_000 && own.2.millilitres == 250 && own.3 == .unspecified)
        #expect(food.id == "300")
        #expect(weight.value == 70 && weight.unit == .kilograms)
        #expect(volume.value == 250 && volume.unit == .milliliters)
        #expect(sex.rawValue == "female")
    }

    @Test("Types the SDK re-exports from its lower layers are reachable through its module name too")
    func reexportedTypes() {
        let userID = JanuaryPartnerSDK.PartnerUserID(rawValue: "user-1")
        let category: JanuaryPartnerSDK.JanuaryError.Category = .network
        let kind: JanuaryPartnerSDK.JanuaryEvent.Kind = .tokenCacheCleared

        #expect(userID.rawValue == "user-1")
        #expect(category == .network)
        #expect(kind.description == "tokenCacheCleared")
    }

    @Test("The version lives on the client")
    func version() {
        #expect(!JanuaryPartnerClient.sdkVersion.isEmpty)
        #expect(JanuaryPartnerSDK.JanuaryPartnerClient.sdkVersion == JanuaryPartnerClient.sdkVersion)
    }
}
