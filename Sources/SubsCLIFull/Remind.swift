import ArgumentParser
import Foundation
import SubsCLI
import SubsCore
import SubsReminders
import SubsStore

extension SubsCommand.Remind: FullBuildWork {
    func runInFullBuild() throws {
        let ctx = try Context(global)
        let store = try ctx.openStore()
        // Sources beyond subscriptions: budgets plug in here, e.g. { tx in [BudgetReminders(...)] }.
        let extra: ReminderRun.ExtraSources<SQLiteStore.Transaction> = BudgetReminders.source
        let (due, _) = try ReminderRun.due(store: store, today: ctx.today, extraSources: extra)
        if dryRun {
            print(reminders: due, delivered: false, ctx)
            if !json && due.isEmpty { Output.note("No reminders due on \(ctx.today).") }
            return
        }
        if due.isEmpty {
            if json { ctx.output.printJSON(.array([])) } else { Output.note("No reminders due on \(ctx.today).") }
            return
        }
        let outcome: ReminderRun.Outcome
        switch delivery.method {
        case .stdout:
            outcome = try ReminderRun.send(store: store, today: ctx.today, now: ctx.now, coalesce: false, extraSources: extra) { n in
                if !json { for r in n.reminders { Swift.print(ReminderOutput.line(r, ctx.output)) } }
            }
        case .command:
            let command = CommandDelivery(command: delivery.command!, environment: ctx.environment)
            outcome = try ReminderRun.send(store: store, today: ctx.today, now: ctx.now, coalesce: false, extraSources: extra) { n in
                try command.deliver(n)
            }
        case .notify:
            let notifier = try connect(orPrint: due, ctx)
            outcome = try ReminderRun.send(store: store, today: ctx.today, now: ctx.now, extraSources: extra) { n in try notifier.show(n) }
        }
        let sent = outcome.sent.flatMap(\.reminders)
        if json {
            ctx.output.printJSON(ReminderOutput.json(sent, delivered: true))
        } else if delivery.method != .stdout && !sent.isEmpty {
            let notes = outcome.sent.count
            Output.note("Sent \(sent.count) reminder\(sent.count == 1 ? "" : "s")"
                + (notes != sent.count ? " in \(notes) notification\(notes == 1 ? "" : "s")" : "") + ".")
        }
        if let failure = outcome.failure {
            if !outcome.pending.isEmpty && delivery.method == .notify && !json {
                for r in outcome.pending { Swift.print(ReminderOutput.line(r, ctx.output)) }
            }
            throw failure
        }
    }

    /// The notification server, or the reminders on stdout (not recorded: still due next run) and exit 69.
    private func connect(orPrint due: [Reminder], _ ctx: Context) throws -> DesktopNotifier {
        let result = Result { () throws(SubsError) in try DesktopNotifier() }
        switch result {
        case .success(let notifier): return notifier
        case .failure(let e):
            guard e.kind == .unavailable else { throw e }
            print(reminders: due, delivered: false, ctx)
            throw SubsError(.unavailable, "\(e.message); the reminders went to stdout and are not marked as sent")
        }
    }

    private func print(reminders: [Reminder], delivered: Bool, _ ctx: Context) {
        if json {
            ctx.output.printJSON(ReminderOutput.json(reminders, delivered: delivered))
        } else {
            for r in reminders { Swift.print(ReminderOutput.line(r, ctx.output)) }
        }
    }
}

/// How reminders look on stdout.
enum ReminderOutput {
    /// "Netflix renews in 3 days: 15.99 EUR on Sun 18 Jan · Streaming".
    static func line(_ r: Reminder, _ out: Output) -> String {
        let summary = r.urgency == .critical ? out.red(out.bold(r.summary)) : out.bold(r.summary)
        return "\(summary): \(r.body)"
    }

    static func json(_ reminders: [Reminder], delivered: Bool) -> JSONValue {
        .array(reminders.map { r in
            guard case .object(let pairs) = ReminderRecord.json(r) else { return .null }
            return .object(pairs + [("delivered", .bool(delivered))])
        })
    }
}
