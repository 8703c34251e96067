import ArgumentParser
import Foundation
import SubsCore

/// How reminders are delivered: `--via notify|stdout|command`, `--command CMD`. Shared by `remind` and `daemon`.
struct DeliveryOptions: ParsableArguments {
    enum Via: String, ExpressibleByArgument, CaseIterable {
        case notify, stdout, command
    }

    @Option(help: ArgumentHelp("notify (desktop notification; the default), stdout, or command.", valueName: "method"))
    var via: Via?

    @Option(help: ArgumentHelp(
        "Program run by /bin/sh for each reminder: JSON on stdin, SUBS_NAME, SUBS_DATE, SUBS_SUMMARY... in its environment. Implies --via command.",
        valueName: "cmd"))
    var command: String?

    func validate() throws {
        if via == .command && command == nil { throw ValidationError("--via command needs --command 'CMD'") }
        if let via, via != .command, command != nil { throw ValidationError("--command goes with --via command, not --via \(via.rawValue)") }
    }

    var method: Via { via ?? (command != nil ? .command : .notify) }
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
