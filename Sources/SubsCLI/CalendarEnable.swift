import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand.Calendar {
    struct CalendarEnable: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enable",
            abstract: "Keep a feed file current: every command that changes data rewrites it atomically.",
            discussion: "Default file: $XDG_DATA_HOME/subs/subs.ics. Point a calendar app at it, or sync it to where one can read it.")

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The feed file.", valueName: "file"), completion: .file(extensions: ["ics"])) var path: String?

        func run() throws {
            let ctx = try Context(global)
            let target = CalendarEnable.absolute(path ?? Context.dataHome(ctx.environment) + "/subs/subs.ics")
            let folder = (target as NSString).deletingLastPathComponent
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
                throw SubsError(.cannotWrite, "folder \(folder) does not exist; create it or give another --path")
            }
            let store = try ctx.openStore()
            // Write once first, so a bad path fails here and not as a warning after each change.
            let count = try CalendarFeedFile.write(store, today: ctx.today, to: target)
            store.afterWrite = nil
            try store.write { tx in try tx.setSetting(CalendarSettings.pathKey, to: target) }
            print(target)
            Output.note("Calendar feed enabled: \(count) events in \(target); it is rewritten after every change.")
            Output.note("Subscribe to file://\(target) (or serve it: 'subs calendar serve').")
        }

        static func absolute(_ path: String) -> String {
            let expanded = (path as NSString).expandingTildeInPath
            if expanded.hasPrefix("/") { return (expanded as NSString).standardizingPath }
            return ((FileManager.default.currentDirectoryPath + "/" + expanded) as NSString).standardizingPath
        }
    }

    struct CalendarDisable: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable", abstract: "Stop rewriting the feed file after changes (the file stays).")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let ctx = try Context(global)
            let store = try ctx.openStore()
            guard let path = try CalendarFeedFile.enabledPath(store) else {
                Output.note("The calendar feed was not enabled.")
                return
            }
            store.afterWrite = nil
            try store.write { tx in try tx.setSetting(CalendarSettings.pathKey, to: nil) }
            Output.note("Calendar feed disabled; \(path) stays as it is (delete it if no app uses it).")
        }
    }
}
