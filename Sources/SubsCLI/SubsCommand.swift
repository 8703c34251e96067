import ArgumentParser
import Foundation
import SubsCore

/// The root of the command tree. Each subcommand lives in its own file as an extension.
public struct SubsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "subs",
        abstract: "Keep track of your subscriptions: what they cost and when they charge next.",
        discussion: """
            Data lives in $XDG_DATA_HOME/subs/subs.db (override with --db or SUBS_DB). \
            SUBS_TODAY=YYYY-MM-DD sets "today" for the whole process; --as-of does it for one command.
            """,
        version: "0.1.0",
        subcommands: [
            Add.self, List.self, Show.self, Edit.self, Remove.self, Pause.self, Resume.self, Cancel.self,
            History.self, Export.self, Import.self, Config.self, Scan.self, Document.self, Calendar.self, Remind.self,
            Snooze.self, Ack.self, Daemon.self, ScheduleCommand.self, Upcoming.self, ForecastCommand.self,
            ReportCommand.self, BudgetCommand.self, Rates.self, Detect.self,
        ]
    )

    public init() {}

    /// Runs the command line; every failure becomes one line on stderr and a documented exit status.
    public static func mainWithCleanErrors(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try FullBuild.handOffIfNeeded(command)
            try command.run()
            Glibc.exit(0)
        } catch let error as SubsError {
            Output.error(error.message)
            Glibc.exit(ExitStatus.code(for: error.kind))
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            // Parser errors: one line, then where to look.
            let message = self.message(for: error)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: "; ")
            Output.error("\(message) (see 'subs help')")
            Glibc.exit(code.rawValue)
        }
    }
}

/// Exit statuses, documented in subs(1).
public enum ExitStatus {
    public static func code(for kind: SubsError.Kind) -> Int32 {
        switch kind {
        case .failure: 1
        case .notFound: 2
        case .conflict: 3
        case .usage: 64  // EX_USAGE, as the argument parser uses
        case .data: 65  // EX_DATAERR
        case .noInput: 66  // EX_NOINPUT
        case .unavailable: 69  // EX_UNAVAILABLE
        case .cannotWrite: 73  // EX_CANTCREAT
        case .busy: 75  // EX_TEMPFAIL
        }
    }
}
