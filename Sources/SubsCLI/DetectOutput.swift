import Foundation
import SubsCore

/// A statement file read: its format, its transactions, and how many of them an earlier file had (overlapping exports).
package struct StatementFile {
    package var file: String
    package var format: String
    package var count: Int
    package var alreadyRead: Int

    package init(file: String, format: String, count: Int, alreadyRead: Int) {
        self.file = file
        self.format = format
        self.count = count
        self.alreadyRead = alreadyRead
    }
}

/// How `subs detect` prints what it found: sections of a table on a terminal, one JSON document, or CSV.
struct DetectOutput {
    /// Series the finder is less sure of than this are not shown.
    static let minimumConfidence = 0.5

    let review: StatementReview
    let read: [StatementFile]
    let transactions: Int
    let out: Output

    init(review: StatementReview, read: [StatementFile], transactions: Int, _ out: Output) {
        self.review = review
        self.read = read
        self.transactions = transactions
        self.out = out
    }

    // MARK: Terminal

    func printHuman() {
        let files = read.map { f in
            "\(f.file) (\(f.format), \(f.count)\(f.alreadyRead > 0 ? ", \(f.alreadyRead) already read from another file" : ""))"
        }.joined(separator: ", ")
        var intro = "Read \(transactions) transaction\(transactions == 1 ? "" : "s") from \(files)"
        if let p = review.period { intro += ", \(p.lowerBound) to \(p.upperBound)" }
        print(intro + ".")
        let active = review.findings.filter(\.series.isActive)
        let stopped = review.findings.filter { !$0.series.isActive }
        if review.findings.isEmpty {
            print("No recurring charges found.")
        }
        section("New", active.filter { $0.verdict == .new }) { _ in "" }
        section("Tracked, amount changed", active.filter { $0.verdict == .amountChanged }) { f in
            f.tracked.map { "tracked: \($0.name) (id \($0.id)) at \($0.price(on: f.series.charges.last!.date))" } ?? ""
        }
        section("Cancelled or paused, still charged", review.findings.filter { $0.verdict == .stillCharged }) { f in
            f.tracked.map { "\($0.name) (id \($0.id)) is \($0.status.rawValue) since \($0.statusSince.map(String.init(describing:)) ?? "?"); charged \(f.chargesSinceStopped) time\(f.chargesSinceStopped == 1 ? "" : "s") since" } ?? ""
        }
        section("Tracked", active.filter { $0.verdict == .tracked }) { f in f.tracked.map { "id \($0.id)" } ?? "" }
        section("Stopped (no charge lately)", stopped.filter { $0.verdict != .stillCharged }) { f in
            f.tracked.map { "tracked: \($0.name) (id \($0.id))" } ?? ""
        }
        if !review.unseen.isEmpty {
            print("\n" + out.bold("Tracked, not charged in these statements"))
            for u in review.unseen {
                let s = u.subscription
                print("\(s.name) (id \(s.id)): \(s.price(on: u.expected.last!)) \(s.cadence), \(u.expected.count) charge\(u.expected.count == 1 ? "" : "s") expected from \(u.expected.first!)")
            }
        }
    }

    private func section(_ title: String, _ findings: [StatementReview.Finding], note: (StatementReview.Finding) -> String) {
        guard !findings.isEmpty else { return }
        print("\n" + out.bold(title))
        var table = Table(header: ["NAME", "AMOUNT", "EVERY", "NEXT", "CHARGES", "SURE", "NOTE"], rightAligned: [1, 4, 5])
        for f in findings {
            let s = f.series
            let changes = s.priceChanges.map { "\(Money($0.from, s.currency).plainString) → \(Money($0.to, s.currency).plainString) on \($0.date)" }
            var notes = [note(f)].filter { !$0.isEmpty }
            if !changes.isEmpty { notes.append("price " + changes.joined(separator: ", ")) }
            if !s.isActive, let last = s.charges.last { notes.append("last \(last.date)") }
            table.rows.append([
                s.name, Money(s.amount, s.currency).displayString, s.cadence.description,
                s.nextCharge.map(String.init(describing:)) ?? "-", String(s.charges.count),
                "\(Int((s.confidence * 100).rounded()))%", notes.joined(separator: "; "),
            ])
        }
        table.write(out)
    }

    // MARK: JSON and CSV

    func json() -> JSONValue {
        var top: [(String, JSONValue)] = []
        top.append(("files", .array(read.map { .object([("file", .string($0.file)), ("format", .string($0.format)), ("transactions", .int($0.count)), ("already_read", .int($0.alreadyRead))]) })))
        top.append(("from", review.period.map { .string("\($0.lowerBound)") } ?? .null))
        top.append(("through", review.period.map { .string("\($0.upperBound)") } ?? .null))
        top.append(("recurring", .array(review.findings.map(json))))
        top.append(("not_seen", .array(review.unseen.map { u in
            .object([
                ("id", .int(u.subscription.id)), ("name", .string(u.subscription.name)),
                ("expected", .array(u.expected.map { .string("\($0)") })),
            ])
        })))
        return .object(top)
    }

    private func json(_ f: StatementReview.Finding) -> JSONValue {
        let s = f.series
        let priceChanges: [JSONValue] = s.priceChanges.map { p in
            .object([("date", .string("\(p.date)")), ("from", .string(Money(p.from, s.currency).plainString)),
                     ("to", .string(Money(p.to, s.currency).plainString))])
        }
        let charges: [JSONValue] = s.charges.map { t in
            .object([("date", .string("\(t.date)")), ("amount", .string(Money(-t.amount, s.currency).plainString)),
                     ("description", .string(t.description))])
        }
        return .object([
            ("name", .string(s.name)),
            ("amount", .string(Money(s.amount, s.currency).plainString)),
            ("currency", .string(s.currency.code)),
            ("frequency", .string(s.cadence.frequency)),
            ("interval", .int(s.cadence.count)),
            ("next_charge", s.nextCharge.map { .string("\($0)") } ?? .null),
            ("active", .bool(s.isActive)),
            ("confidence", .number(String(format: "%.2f", s.confidence))),
            ("verdict", .string(f.verdict.rawValue)),
            ("tracked_id", f.tracked.map { .int($0.id) } ?? .null),
            ("price_changes", .array(priceChanges)),
            ("charges", .array(charges)),
        ])
    }

    func printCSV() {
        out.printCSV(
            header: ["name", "amount", "currency", "frequency", "interval", "next_charge", "charges", "first_charge", "last_charge", "confidence", "verdict", "tracked_id", "active"],
            rows: review.findings.map { f in
                let s = f.series
                return [
                    s.name, Money(s.amount, s.currency).plainString, s.currency.code, s.cadence.frequency, String(s.cadence.count),
                    s.nextCharge.map(String.init(describing:)) ?? "", String(s.charges.count), "\(s.charges.first!.date)",
                    "\(s.charges.last!.date)", String(format: "%.2f", s.confidence), f.verdict.rawValue,
                    f.tracked.map { String($0.id) } ?? "", s.isActive ? "true" : "false",
                ]
            })
    }
}
