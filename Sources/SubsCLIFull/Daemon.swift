import ArgumentParser
import Foundation
import SubsCLI
import SubsCore
import SubsReminders

extension SubsCommand.Daemon: FullBuildWork {
    func runInFullBuild() throws {
        let ctx = try Context(global)
        // SUBS_NOW runs a clock; otherwise --as-of or SUBS_TODAY fix the day.
        let clockSet = !(ctx.environment["SUBS_NOW"] ?? "").isEmpty
        let dayGiven = global.asOf != nil || !(ctx.environment["SUBS_TODAY"] ?? "").isEmpty
        let method: ReminderDaemon.Delivery = switch delivery.method {
        case .notify: .notify
        case .stdout: .stdout
        case .command: .command(delivery.command!)
        }
        var daemon = ReminderDaemon(
            databasePath: ctx.databasePath, openStore: { try ctx.openStore() }, delivery: method,
            time: try TimeOfDay.parse(at), interval: interval, clock: try WallClock(environment: ctx.environment),
            fixedDay: !clockSet && dayGiven ? ctx.today : nil, environment: ctx.environment)
        daemon.extraSources = BudgetReminders.source
        try daemon.run()
    }
}
