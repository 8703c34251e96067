import ArgumentParser
import Foundation
import SubsStore

extension SubsCommand.Calendar {
    struct CalendarExport: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write the iCalendar feed (RFC 5545) once.")

        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file (replaced atomically) instead of stdout; - is stdout.", valueName: "file"),
                completion: .file(extensions: ["ics"])) var output: String?

        func run() throws {
            let ctx = try Context(global)
            let store = try ctx.openStore()
            if let output, output != "-" {
                let count = try CalendarFeedFile.write(store, today: ctx.today, to: output)
                Output.note("Wrote \(count) events to \(output).")
            } else {
                FileHandle.standardOutput.write(Data(try CalendarFeedFile.text(store, today: ctx.today).text.utf8))
            }
        }
    }
}
