import Foundation
import Testing
@testable import SubsCore

/// Subscription keeps its strings and arrays in a shared copy-on-write box: it must still behave as a value.
@Suite struct SubscriptionValueTests {
    static let day = LocalDate(year: 2026, month: 1, day: 15)!

    static func sample() -> Subscription {
        var s = Subscription(
            id: 7, uid: "uid-7", name: "Netflix", price: Money(Decimal(string: "15.99")!, .eur), cadence: .monthly,
            anchor: day, category: "streaming", tags: ["tv", "family"], notes: "shared", paymentMethod: "visa",
            url: "https://example.com", remindDays: [3, 1], createdAt: "2026-01-01T10:00:00Z")
        s.pauses = [Pause(from: day.adding(days: -40), until: day.adding(days: -20))]
        return s
    }

    /// Each field in the box changed on a copy: the original keeps its value, the two differ, and hash follows.
    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let changes: [(String, (inout Subscription) -> Void, (Subscription) -> AnyHashable)] = [
            ("uid", { $0.uid = "other" }, { $0.uid }),
            ("name", { $0.name += "+" }, { $0.name }),
            ("prices", { $0.setPrice(Money(1, .eur), from: SubscriptionValueTests.day.adding(days: 30)) }, { $0.prices.count }),
            ("category", { $0.category = nil }, { $0.category }),
            ("tags", { $0.tags.append("new") }, { $0.tags }),
            ("notes", { $0.notes?.append("!") }, { $0.notes }),
            ("paymentMethod", { $0.paymentMethod = "cash" }, { $0.paymentMethod }),
            ("url", { $0.url = nil }, { $0.url }),
            ("pauses", { $0.pauses.removeAll() }, { $0.pauses.count }),
            ("remindDays", { $0.remindDays?[0] = 9 }, { $0.remindDays }),
            ("createdAt", { $0.createdAt = "x" }, { $0.createdAt }),
            ("updatedAt", { $0.updatedAt = "y" }, { $0.updatedAt }),
        ]
        for (field, change, value) in changes {
            let original = SubscriptionValueTests.sample()
            var copy = original
            change(&copy)
            #expect(value(original) == value(SubscriptionValueTests.sample()), "\(field): the original changed")
            #expect(value(copy) != value(original), "\(field): the copy did not change")
            #expect(copy != original, "\(field): == misses it")
            #expect(copy.hashValue != original.hashValue, "\(field): hash misses it")
            #expect(original == SubscriptionValueTests.sample())
        }
    }

    @Test func equalValuesInSeparateBoxesAreEqual() {
        let a = SubscriptionValueTests.sample()
        var b = SubscriptionValueTests.sample()
        #expect(a == b && a.hashValue == b.hashValue)
        b.status = .paused
        #expect(a != b)
        #expect(Set([a, SubscriptionValueTests.sample()]).count == 1)
    }
}
