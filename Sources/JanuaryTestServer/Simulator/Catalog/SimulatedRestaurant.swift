/// A restaurant in the simulator's catalogue, with its menu.
///
/// Add your own with ``JanuaryAPISimulator/addRestaurant(_:)``; its menu items become foods too (type
/// `branded`, brand the restaurant's name), so they can be fetched with `getFood` and logged.
public struct SimulatedRestaurant: Sendable, Hashable {
    /// A dish on the menu, January's `RestaurantMenuItem`.
    public struct MenuItem: Sendable, Hashable {
        /// The id, a numeric string matching `^[1-9]\d{0,9}$`, unique among foods.
        public var id: String
        /// The dish name.
        public var name: String?
        /// Nutrients of the one serving.
        public var nutrients: SimulatedNutrients
        /// The glycemic index, if known.
        public var glycemicIndex: Double?
        /// The glycemic load, if known.
        public var glycemicLoad: Double?
        /// An image URL.
        public var imageURL: String?
        /// The one serving.
        public var serving: SimulatedFood.Serving

        /// Creates a menu item.
        ///
        /// - Parameters:
        ///   - id: The id (numeric string).
        ///   - name: The dish name.
        ///   - nutrients: Nutrients of the serving.
        ///   - glycemicIndex: The glycemic index.
        ///   - glycemicLoad: The glycemic load.
        ///   - imageURL: An image URL.
        ///   - serving: The one serving.
        public init(
            id: String,
            name: String?,
            nutrients: SimulatedNutrients,
            glycemicIndex: Double? = nil,
            glycemicLoad: Double? = nil,
            imageURL: String? = nil,
            serving: SimulatedFood.Serving
        ) {
            self.id = id
            self.name = name
            self.nutrients = nutrients
            self.glycemicIndex = glycemicIndex
            self.glycemicLoad = glycemicLoad
            self.imageURL = imageURL
            self.serving = serving
        }
    }

    /// The id, matching `^[A-Za-z0-9_-]{1,64}$` (January uses UUIDs).
    public var id: String
    /// The name.
    public var name: String?
    /// Whether it is a chain.
    public var isChain: Bool?
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// The city.
    public var city: String?
    /// The first address line.
    public var address1: String?
    /// The second address line.
    public var address2: String?
    /// The menu.
    public var menuItems: [MenuItem]

    /// Creates a restaurant.
    ///
    /// - Parameters:
    ///   - id: The id (`^[A-Za-z0-9_-]{1,64}$`).
    ///   - name: The name.
    ///   - isChain: Whether it is a chain.
    ///   - latitude: Latitude in degrees.
    ///   - longitude: Longitude in degrees.
    ///   - city: The city.
    ///   - address1: The first address line.
    ///   - address2: The second address line.
    ///   - menuItems: The menu.
    public init(
        id: String,
        name: String?,
        isChain: Bool?,
        latitude: Double,
        longitude: Double,
        city: String?,
        address1: String?,
        address2: String? = nil,
        menuItems: [MenuItem]
    ) {
        self.id = id
        self.name = name
        self.isChain = isChain
        self.latitude = latitude
        self.longitude = longitude
        self.city = city
        self.address1 = address1
        self.address2 = address2
        self.menuItems = menuItems
    }
}
