import Foundation
import Testing
import TestSupport

@Suite struct AddListTests {
    @Test func addThenListShowsTheSubscription() throws {
        let subs = try SubsRunner()
        let add = try subs.run(["add", "Netflix", "--amount", "15,99 €", "--next", "2026-01-31", "--category", "Streaming"])
        #expect(add.status == 0, "\(add.stderr)")
        let list = try subs.run(["list", "--json"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("\"name\": \"Netflix\""))
        #expect(list.stdout.contains("\"amount\": \"15.99\""))
        #expect(list.stdout.contains("\"currency\": \"EUR\""))
        #expect(list.stdout.contains("\"next_billing_date\": \"2026-01-31\""))
    }
}
