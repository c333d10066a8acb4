import Foundation
import JanuaryAuth
import JanuaryAuthTestSupport
import JanuaryCore
import Testing

@Suite("EventDelivery: a bounded buffer drained on the SDK's queue", suiteTimeLimit())
struct EventDeliveryTests {
    static func event(_ number: UInt64) -> JanuaryEvent {
        JanuaryEvent(
            kind: .providerCallStarted, date: start.addingTimeInterval(TimeInterval(number)), attempt: number)
    }

    @Test func onlyTheFirstAppendOfABurstAsksForADrainAndNothingRunsUntilItIsScheduled() async throws {
        let recorder = TokenEventRecorder()
        let delivery = EventDelivery(handler: recorder.handler)
        #expect(delivery.append([]) == false, "nothing to deliver")
        #expect(delivery.append([Self.event(1)]) == true)
        #expect(delivery.append([Self.event(2), Self.event(3)]) == false, "a drain is already due")
        #expect(recorder.events.isEmpty, "appending never calls the handler")
        delivery.scheduleDrain()
        try await recorder.waitForEvents(3)
        #expect(recorder.events.map(\.attempt) == [1, 2, 3])
        // The third event reaching the handler does not end the drain: its thread still has to find the buffer
        // empty. Until then an append is picked up by the running drain and asks for none.
        try await eventually("the drain to end") { !delivery.isDraining }
        #expect(delivery.append([Self.event(4)]) == true, "a finished drain is started again")
        delivery.scheduleDrain()
        try await recorder.waitForEvents(4)
    }

    @Test func anAppendWhileADrainRunsAsksForNoneAndThatDrainDeliversIt() async throws {
        let gate = BlockingGate()
        defer { gate.release() }
        let recorder = TokenEventRecorder()
        let delivery = EventDelivery { event in
            recorder.record(event)
            gate.pass()
        }
        #expect(delivery.append([Self.event(1)]) == true)
        delivery.scheduleDrain()
        try await recorder.waitForEvents(1)  // the drain is inside the handler for event 1
        #expect(delivery.append([Self.event(2)]) == false, "the running drain takes it")
        #expect(delivery.isDraining)
        gate.release()
        try await recorder.waitForEvents(2)
        try await eventually("the drain to end") { !delivery.isDraining }
        #expect(recorder.events.map(\.attempt) == [1, 2])
    }

    @Test(
        "a stuck handler loses the oldest events and is told how many",
        arguments: [
            (capacity: 3, appended: 9), (capacity: 1, appended: 5), (capacity: 0, appended: 5),
            (capacity: 8, appended: 8),
        ]
    )
    func dropsTheOldest(capacity: Int, appended: Int) async throws {
        let gate = BlockingGate()
        defer { gate.release() }
        let recorder = TokenEventRecorder()
        let delivery = EventDelivery(capacity: capacity) { event in
            recorder.record(event)
            gate.pass()
        }
        if delivery.append([Self.event(0)]) {
            delivery.scheduleDrain()
        }
        try await recorder.waitForEvents(1)  // the handler is stuck in event 0
        for number in 1...appended {
            if delivery.append([Self.event(UInt64(number))]) {
                delivery.scheduleDrain()
            }
        }
        let kept = min(appended, max(1, capacity))
        let dropped = appended - kept
        #expect(delivery.pendingDropCount == dropped)
        #expect(recorder.events.count == 1)

        gate.release()
        try await recorder.waitForEvents(1 + kept + (dropped > 0 ? 1 : 0))
        let events = recorder.events
        let expectedAttempts =
            [UInt64(0)] + (dropped > 0 ? [nil] : []) + (appended - kept + 1...appended).map(UInt64.init)
        #expect(events.map(\.attempt) == expectedAttempts)
        if dropped > 0 {
            #expect(events[1].kind == .eventsDropped && events[1].droppedCount == dropped)
            #expect(events[1].description.contains("dropped \(dropped)"), "the one-line summary says how many")
            #expect(events[1].date == events[2].date, "dated like the first event kept")
        }
        #expect(delivery.pendingDropCount == 0)
    }
}
