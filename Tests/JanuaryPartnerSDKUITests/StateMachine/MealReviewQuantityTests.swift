import Foundation
import Testing

@testable import JanuaryPartnerSDKUI

@Suite(
    "The quantity stepper's rungs: quarters below one serving, halves to ten, whole servings above", suiteTimeLimit())
struct MealReviewQuantityTests {
    @Test(
        "one tap up",
        arguments: [
            (0.1, 0.25), (0.25, 0.5), (0.75, 1), (0.9, 1), (1, 1.5), (1.3, 1.5), (9.5, 10), (9.8, 10), (10, 11),
            (10.5, 11), (0.3, 0.5), (9_999, 10_000), (9_999.5, 10_000),
        ])
    func up(from: Double, to: Double) {
        #expect(MealReviewQuantity.increased(from) == to)
    }

    @Test(
        "one tap down",
        arguments: [
            (0.5, 0.25), (1, 0.75), (1.3, 1), (1.5, 1), (10, 9.5), (10.5, 10), (11, 10), (0.3, 0.25),
            (10_000, 9_999),
        ])
    func down(from: Double, to: Double) {
        #expect(MealReviewQuantity.decreased(from) == to)
    }

    @Test(
        "the ends: nothing below a quarter, nothing above 10,000, nothing for a number that is not finite",
        arguments: [0.25, 0.1, 0.0001])
    func bottom(quantity: Double) {
        #expect(MealReviewQuantity.decreased(quantity) == nil)
    }

    @Test("the top, and numbers that are not finite", arguments: [10_000, .infinity, .nan])
    func top(quantity: Double) {
        #expect(MealReviewQuantity.increased(quantity) == nil)
        if !quantity.isFinite {
            #expect(MealReviewQuantity.decreased(quantity) == nil)
        }
    }

    @Test("a quantity that is a rung in decimal but not in binary steps by one rung, not two")
    func binary() {
        #expect(MealReviewQuantity.increased(0.1 + 0.2 + 0.2) == 0.75)
        #expect(MealReviewQuantity.decreased(0.7 + 0.05) == 0.5)
    }
}
