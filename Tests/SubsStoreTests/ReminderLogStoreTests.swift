import Foundation
import Testing
import SubsCore
@testable import SubsStore

@Suite struct ReminderLogStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subs-store-\(UUID().uuidString)")
    var path: String { folder.path + "/subs.db" }

    func subscription(_ name: String) -> Subscription {
        Subscription(
            uid: UUID().uuidString, name: name, price: Money(Decimal(string: "15.99")!, .eur), cadence: .monthly,
            anchor: LocalDate(iso: "2026-02-05")!, createdAt: "2026-01-01T00:00:00Z")
    }

    @Test func recordsReplacesAndForgetsEntries() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: path)
        let id = try store.write { tx in try tx.insert(subscription("Netflix")) }
        let event = ReminderEvent(kind: .charge, subscriptionID: id, date: LocalDate(iso: "2026-02-05")!)
        try store.write { tx in
            try tx.record(ReminderLogEntry(event: event, leadDays: 3, state: .sent, at: "2026-02-02T09:00:00Z"))
            try tx.record(ReminderLogEntry(event: event, leadDays: nil, state: .snoozed, until: LocalDate(iso: "2026-02-03")!, at: "t1"))
            // Same event and lead: replaced, not added.
            try tx.record(ReminderLogEntry(event: event, leadDays: nil, state: .acked, at: "t2"))
        }
        // A second connection sees what the first committed.
        let other = try SQLiteStore(path: path)
        let entries = try other.read { tx in try tx.reminderLog(eventsFrom: LocalDate(iso: "2026-02-01")!) }
        #expect(entries.count == 2)
        let log = ReminderLog(entries)
        #expect(log.entry(event, lead: 3)?.state == .sent)
        #expect(log.whole(event)?.state == .acked)
        #expect(log.whole(event)?.until == nil)
        #expect(try other.read { tx in try tx.reminderLog(eventsFrom: LocalDate(iso: "2026-02-06")!) }.isEmpty)

        try store.write { tx in try tx.pruneReminderLog(eventsBefore: LocalDate(iso: "2026-02-06")!) }
        #expect(try store.read { tx in try tx.reminderLog(eventsFrom: LocalDate(iso: "2000-01-01")!) }.isEmpty)
    }

    @Test func deletingASubscriptionForgetsItsReminders() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: path)
        let (a, b) = try store.write { tx in (try tx.insert(subscription("A")), try tx.insert(subscription("B"))) }
        let day = LocalDate(iso: "2026-02-05")!
        try store.write { tx in
            for id in [a, b] {
                try tx.record(ReminderLogEntry(event: ReminderEvent(kind: .charge, subscriptionID: id, date: day), leadDays: 1, state: .sent, at: "t"))
            }
            // Not about a subscription (a budget): kept.
            try tx.record(ReminderLogEntry(event: ReminderEvent(kind: .budget, subscriptionID: 0, subject: "Streaming", date: day), leadDays: 80, state: .sent, at: "t"))
            try tx.delete(id: a)
        }
        let left = try store.read { tx in try tx.reminderLog(eventsFrom: day) }
        #expect(Set(left.map(\.event.subscriptionID)) == [b, 0])
        #expect(left.first { $0.event.kind == .budget }?.event.subject == "Streaming")
    }
}
