// The ThreadSanitizer blind spot that Scripts/tsan-suppressions.txt rests on, as a program Scripts/tsan.sh runs.
//
// An immutable object is made on one thread and handed to a waiting task through a CheckedContinuation, the way the
// SDK hands an error or a value to a caller. The code is correct: the object's fields are written once, in its
// initialiser, before anyone else can see it, and the continuation's resume is the hand-over. The sanitizer does not
// see that hand-over (the concurrency runtime's own synchronisation is not instrumented), so it reports the
// initialiser's writes against the waiting task's reads. While it does, a report about such an object is this blind
// spot; when this program runs clean, the suppressions can go.
import Foundation

final class Box: Sendable {
    let number: Int
    let text: String

    init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}

/// The continuation waiting for its box, guarded by `lock`.
final class Slot: @unchecked Sendable {
    let lock = NSLock()
    var waiting: CheckedContinuation<Box, Never>?
}

@main
struct BlindSpot {
    static func main() async {
        let slot = Slot()
        var total = 0
        for round in 0..<20_000 {
            let box = await withCheckedContinuation { (continuation: CheckedContinuation<Box, Never>) in
                slot.lock.lock()
                slot.waiting = continuation
                slot.lock.unlock()
                DispatchQueue.global().async {
                    let made = Box(number: round, text: "round \(round)")
                    slot.lock.lock()
                    let waiting = slot.waiting
                    slot.waiting = nil
                    slot.lock.unlock()
                    waiting?.resume(returning: made)
                }
            }
            total &+= box.number &+ box.text.utf8.count
        }
        print("tsan-blind-spot: no report in 20,000 hand-overs (total \(total))")
    }
}
