/// The most recent entries of a record that would otherwise grow with every request: the simulator's request
/// log and the server's received requests. A long soak test in a partner's suite must not grow without bound.
///
/// Appending stays cheap: the storage holds up to twice the limit and drops the older half in one step.
struct RecentRecord<Element> {
    /// How many entries a new record keeps.
    static var defaultLimit: Int {
        1_000
    }

    private var storage: [Element] = []

    /// How many of the most recent entries are kept; 0 keeps none. Lowering it forgets the older ones at once.
    var limit = RecentRecord.defaultLimit {
        didSet {
            limit = max(0, limit)
            storage = recent
        }
    }

    /// The kept entries, oldest first.
    var recent: [Element] {
        Array(storage.suffix(limit))
    }

    mutating func append(_ element: Element) {
        guard limit > 0 else {
            return
        }
        storage.append(element)
        if storage.count >= 2 * limit {
            storage.removeFirst(storage.count - limit)
        }
    }

    mutating func removeAll() {
        storage.removeAll()
    }
}

extension RecentRecord: Sendable where Element: Sendable {}
