import ArgumentParser
import Foundation
import SubsCore
import SubsStore

/// Options every command takes.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: ArgumentHelp("Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).", valueName: "path"),
            completion: .file(extensions: ["db"]))
    var db: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.", valueName: "date"))
    package var asOf: String?

    @Flag(name: .customLong("no-color"), help: "Never colour the output (also NO_COLOR, TERM=dumb).")
    var noColor = false
}

/// `--json` / `--csv` for commands that print data.
struct FormatOptions: ParsableArguments {
    @Flag(help: "Print JSON (snake_case keys, amounts as strings, dates YYYY-MM-DD).")
    var json = false

    @Flag(help: "Print CSV with a header row.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("give --json or --csv, not both") }
    }
}

/// What a command needs from its surroundings: today, the store, the terminal.
package struct Context {
    let options: GlobalOptions
    package let environment: [String: String]
    package let today: LocalDate
    package let now: String
    package let output: Output

    package init(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.options = options
        self.environment = environment
        var today = Context.systemToday()
        var fixedDay = false
        if let env = environment["SUBS_TODAY"], !env.isEmpty {
            today = try parseDate(env, "SUBS_TODAY")
            fixedDay = true
        }
        if let asOf = options.asOf { today = try parseDate(asOf, "--as-of") }
        self.today = today
        // With a fixed day, timestamps are fixed too, so output is reproducible.
        now = fixedDay ? "\(today)T00:00:00Z" : Timestamp.utc(Date())
        output = Output(noColor: options.noColor, environment: environment)
    }

    package var databasePath: String {
        if let db = options.db { return db }
        if let db = environment["SUBS_DB"], !db.isEmpty { return db }
        return Context.dataHome(environment) + "/subs/subs.db"
    }

    static func dataHome(_ env: [String: String]) -> String {
        if let x = env["XDG_DATA_HOME"], x.hasPrefix("/") { return x }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }

    /// The currency the locale's region implies (LC_ALL, LC_MONETARY, LANG), if any.
    package var localeCurrency: Currency? {
        Settings.currency(forLocale: environment["LC_ALL"] ?? environment["LC_MONETARY"] ?? environment["LANG"] ?? "")
    }

    package func openStore() throws -> SQLiteStore {
        // First use: the default currency comes from the locale, else USD.
        let currency = localeCurrency ?? .usd
        let store = try SQLiteStore(path: databasePath, initialSettings: [Settings.currencyKey: currency.code])
        // After `subs calendar enable`, every command that changes data rewrites the feed.
        store.afterWrite = { [today] store, report in
            if report.changedSubscriptionsOrSettings { CalendarFeedFile.refreshIfEnabled(store, today: today) }
        }
        return store
    }

    package var ledger: Ledger { Ledger(today: today, now: now) }

    static func systemToday() -> LocalDate {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        return LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

}
