import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand.Calendar {
    struct CalendarStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Say whether the feed file is kept current, where, and when it was written.")

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let ctx = try Context(global)
            let store = try ctx.openStore()
            let path = try CalendarFeedFile.enabledPath(store)
            let events = try CalendarFeedFile.text(store, today: ctx.today).events
            let published = try store.read { tx in try tx.setting(CalendarSettings.publishStateKey) }
                .flatMap { try? CalDAVPublishState(json: $0) }
            let attributes = path.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) }
            let modified = (attributes?[.modificationDate] as? Date).map(Timestamp.utc)
            if json {
                ctx.output.printJSON(.object([
                    ("enabled", .bool(path != nil)), ("path", path.map { .string($0) } ?? .null),
                    ("file_exists", .bool(attributes != nil)), ("modified_at", modified.map { .string($0) } ?? .null),
                    ("events", .int(events)),
                    ("published_url", published.map { .string($0.url) } ?? .null),
                    ("published_resources", .int(published?.resources.count ?? 0)),
                ]))
                return
            }
            if let path {
                print("Feed file: enabled, \(path)" + (modified.map { " (written \($0))" } ?? " (missing: run 'subs calendar enable' again)"))
            } else {
                print("Feed file: disabled ('subs calendar enable' keeps one current)")
            }
            print("Events: \(events)")
            if let published {
                print("Published: \(published.resources.count) resources to \(published.url)")
            }
        }
    }
}
