import ArgumentParser
import Foundation
import SubsCore

/// How reminders are delivered: `--via notify|stdout|command`, `--command CMD`. Shared by `remind` and `daemon`.
package struct DeliveryOptions: ParsableArguments {
    package init() {}

    package enum Via: String, ExpressibleByArgument, CaseIterable {
        case notify, stdout, command
    }

    @Option(help: ArgumentHelp("notify (desktop notification; the default), stdout, or command.", valueName: "method"))
    package var via: Via?

    @Option(help: ArgumentHelp(
        "Program run by /bin/sh for each reminder: JSON on stdin, SUBS_NAME, SUBS_DATE, SUBS_SUMMARY... in its environment. Implies --via command.",
        valueName: "cmd"))
    package var command: String?

    package func validate() throws {
        if via == .command && command == nil { throw ValidationError("--via command needs --command 'CMD'") }
        if let via, via != .command, command != nil { throw ValidationError("--command goes with --via command, not --via \(via.rawValue)") }
    }

    package var method: Via { via ?? (command != nil ? .command : .notify) }
}
