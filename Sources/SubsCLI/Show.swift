import ArgumentParser
import SubsCore

extension SubsCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one subscription in full.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let ctx = try Context(global)
            let (s, settings, documents) = try ctx.openStore().read { tx in
                let s = try ctx.ledger.find(subscription, in: try tx.subscriptions())
                return (s, try Settings.load(from: tx), try tx.documents(of: s.id))
            }
            if json {
                guard case .object(var pairs) = SubscriptionRecord.json(s, asOf: ctx.today, settings: settings) else { return }
                pairs.append(("documents", .array(documents.enumerated().map { i, d in
                    .object([("number", .int(i + 1)), ("file_name", .string(d.fileName)), ("media_type", .string(d.mediaType)),
                             ("size", .int(d.size)), ("scanned_at", .string(d.scannedAt))])
                })))
                ctx.output.printJSON(.object(pairs))
                return
            }
            let next = Schedule.nextCharges(of: s, from: ctx.today, count: 3)
            var lines: [(String, String)] = [
                ("Name", "\(s.name) (id \(s.id))"),
                ("Amount", s.price(on: ctx.today).displayString + (s.share.isWhole ? "" : " (your share \(s.share): \(s.userPart(of: s.price(on: ctx.today)).displayString))")),
                ("Cadence", s.cadence.description),
                ("Monthly", s.roundedMonthlyCost(asOf: ctx.today).displayString),
                ("Status", s.status.rawValue + (s.statusSince.map { " since \($0)" } ?? "")),
                ("Next charges", next.isEmpty ? "none" : next.map { "\($0.weekdayAbbreviation) \($0)" }.joined(separator: ", ")),
            ]
            func add(_ label: String, _ value: String?) { if let value, !value.isEmpty { lines.append((label, value)) } }
            add("Trial until", s.trialUntil?.description)
            add("Contract ends", s.endsOn?.description)
            add("Notice", s.noticeDays.map { "\($0) days" })
            add("Cancel by", s.cancelBy(asOf: ctx.today)?.description)
            add("Category", s.category)
            add("Tags", s.tags.joined(separator: ", "))
            add("Payment", s.paymentMethod)
            add("URL", s.url)
            add("Reminders", ReminderDays.format(s.reminderLeadDays(default: settings.remindDays)) + " days before" + (s.remindDays == nil ? " (default)" : ""))
            add("Notes", s.notes)
            add("Started", s.startedOn.description)
            add("Paused", s.pauses.map { "\($0.from) to \($0.until.adding(days: -1))" }.joined(separator: "; "))
            add("Documents", documents.enumerated().map { i, d in
                "\(i + 1). \(d.fileName) (\(d.mediaType), \(d.size) bytes, scanned \(d.scannedAt.prefix(10)))"
            }.joined(separator: "; "))
            if s.prices.count > 1 {
                add("Price history", s.prices.map { "\($0.effective) \($0.price)" }.joined(separator: "; "))
            }
            let width = lines.map(\.0.count).max() ?? 0
            for (label, value) in lines {
                print(ctx.output.bold(label + ":") + String(repeating: " ", count: width - label.count + 1) + value)
            }
        }
    }
}
