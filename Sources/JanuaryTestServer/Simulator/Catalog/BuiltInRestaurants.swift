/// The restaurants every simulator starts with: three in the San Francisco Bay Area and one in New York, so
/// that radius filtering shows. Names are invented.
enum BuiltInRestaurants {
    private typealias N = SimulatedNutrients
    private typealias Item = SimulatedRestaurant.MenuItem

    private static let images = "https://images.simulated.january.invalid/menu/"

    private static func portion(_ id: String, _ unit: String, grams: Double) -> SimulatedFood.Serving {
        SimulatedFood.Serving(id: id, quantity: 1, unit: unit, scalingFactor: 1, weightGrams: grams, isPrimary: true)
    }

    // swift-format-ignore
    static let all: [SimulatedRestaurant] = [
        SimulatedRestaurant(
            id: "3f1c2a9e-5b7d-4e21-9a6b-2d8f0c4e7a11", name: "Harbor Burger Co.", isChain: true,
            latitude: 37.7955, longitude: -122.3937, city: "San Francisco", address1: "1 Ferry Building",
            address2: "Shop 12",
            menuItems: [
                Item(id: "7001", name: "Classic Cheeseburger",
                     nutrients: N(calories: 620, protein: 32, carbohydrates: 44, totalFat: 35, saturatedFat: 14,
                                  fiber: 2, totalSugars: 9, sodium: 1150),
                     glycemicIndex: 66, glycemicLoad: 29, imageURL: images + "cheeseburger.jpg",
                     serving: portion("8001", "burger", grams: 250)),
                Item(id: "7002", name: "Grilled Chicken Sandwich",
                     nutrients: N(calories: 480, protein: 38, carbohydrates: 42, totalFat: 16, saturatedFat: 3.5,
                                  fiber: 3, totalSugars: 8, sodium: 1020),
                     glycemicIndex: 60, glycemicLoad: 25, serving: portion("8002", "sandwich", grams: 230)),
                Item(id: "7003", name: "Side Salad",
                     nutrients: N(calories: 90, protein: 3, carbohydrates: 8, totalFat: 5, fiber: 3, sodium: 160),
                     glycemicIndex: 15, glycemicLoad: 1, serving: portion("8003", "salad", grams: 120)),
                Item(id: "7004", name: "Small French Fries",
                     nutrients: N(calories: 230, protein: 3, carbohydrates: 30, totalFat: 11, fiber: 3, sodium: 190),
                     glycemicIndex: 75, glycemicLoad: 22, imageURL: images + "fries.jpg",
                     serving: portion("8004", "order", grams: 75)),
                Item(id: "7005", name: "Chocolate Shake",
                     nutrients: N(calories: 530, protein: 12, carbohydrates: 84, totalFat: 16, saturatedFat: 10,
                                  totalSugars: 72, addedSugars: 60, calcium: 400, sodium: 350),
                     glycemicIndex: 41, glycemicLoad: 34, serving: portion("8005", "shake", grams: 400)),
            ]),
        SimulatedRestaurant(
            id: "8b2e6d14-0c3a-4f5e-b7d9-6a1e2c3f4b52", name: "Mission Taqueria", isChain: false,
            latitude: 37.7599, longitude: -122.4148, city: "San Francisco", address1: "2889 Mission St",
            menuItems: [
                Item(id: "7006", name: "Chicken Burrito",
                     nutrients: N(calories: 980, protein: 52, carbohydrates: 110, totalFat: 34, saturatedFat: 12,
                                  fiber: 14, sodium: 2100),
                     glycemicIndex: 55, glycemicLoad: 52, imageURL: images + "burrito.jpg",
                     serving: portion("8006", "burrito", grams: 560)),
                Item(id: "7007", name: "Carnitas Tacos",
                     nutrients: N(calories: 540, protein: 30, carbohydrates: 48, totalFat: 24, fiber: 6, sodium: 900),
                     glycemicIndex: 52, glycemicLoad: 22, serving: portion("8007", "order of 3", grams: 300)),
                Item(id: "7008", name: "Veggie Bowl",
                     nutrients: N(calories: 620, protein: 20, carbohydrates: 90, totalFat: 18, fiber: 18, sodium: 1300),
                     glycemicIndex: 45, glycemicLoad: 32, serving: portion("8008", "bowl", grams: 480)),
                Item(id: "7009", name: "Chips and Guacamole",
                     nutrients: N(calories: 770, protein: 9, carbohydrates: 78, totalFat: 48, fiber: 14, sodium: 700),
                     glycemicIndex: 55, glycemicLoad: 35, serving: portion("8009", "basket", grams: 230)),
                Item(id: "7010", name: "Horchata",
                     nutrients: N(calories: 260, protein: 2, carbohydrates: 55, totalFat: 4, totalSugars: 46,
                                  addedSugars: 44, calcium: 80),
                     glycemicIndex: 65, glycemicLoad: 36, serving: portion("8010", "16 fl oz cup", grams: 470)),
            ]),
        SimulatedRestaurant(
            id: "c4d5e6f7-1a2b-4c3d-8e9f-0a1b2c3d4e5f", name: "Green Leaf Kitchen", isChain: true,
            latitude: 37.8044, longitude: -122.2712, city: "Oakland", address1: "1200 Broadway", address2: "Suite 100",
            menuItems: [
                Item(id: "7011", name: "Quinoa Power Bowl",
                     nutrients: N(calories: 560, protein: 22, carbohydrates: 68, totalFat: 22, fiber: 12, sodium: 780),
                     glycemicIndex: 53, glycemicLoad: 30, imageURL: images + "quinoa-bowl.jpg",
                     serving: portion("8011", "bowl", grams: 420)),
                Item(id: "7012", name: "Salmon Poke Bowl",
                     nutrients: N(calories: 650, protein: 36, carbohydrates: 70, totalFat: 24, fiber: 6, sodium: 1400),
                     glycemicIndex: 62, glycemicLoad: 40, serving: portion("8012", "bowl", grams: 450)),
                Item(id: "7013", name: "Avocado Toast",
                     nutrients: N(calories: 420, protein: 12, carbohydrates: 40, totalFat: 24, fiber: 11, sodium: 560),
                     glycemicIndex: 50, glycemicLoad: 17, imageURL: images + "avocado-toast.jpg",
                     serving: portion("8013", "plate", grams: 220)),
                Item(id: "7014", name: "Green Smoothie",
                     nutrients: N(calories: 280, protein: 6, carbohydrates: 58, totalFat: 3, fiber: 8, totalSugars: 40),
                     glycemicIndex: 42, glycemicLoad: 22, serving: portion("8014", "16 fl oz cup", grams: 480)),
            ]),
        SimulatedRestaurant(
            id: "5e7a9c1b-3d2f-4b6a-9c8e-1f0a2b3c4d5e", name: "Bagel Corner", isChain: false,
            latitude: 40.7128, longitude: -74.0060, city: "New York", address1: "150 Chambers St",
            menuItems: [
                Item(id: "7015", name: "Everything Bagel with Cream Cheese",
                     nutrients: N(calories: 430, protein: 13, carbohydrates: 58, totalFat: 16, saturatedFat: 9,
                                  fiber: 3, sodium: 720),
                     glycemicIndex: 72, glycemicLoad: 40, serving: portion("8015", "bagel", grams: 150)),
                Item(id: "7016", name: "Lox Bagel",
                     nutrients: N(calories: 480, protein: 24, carbohydrates: 56, totalFat: 17, fiber: 3, sodium: 1500),
                     glycemicIndex: 72, glycemicLoad: 38, serving: portion("8016", "bagel", grams: 210)),
            ]),
    ]
}
