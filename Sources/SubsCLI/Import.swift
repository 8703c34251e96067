import ArgumentParser
import Foundation
import SubsCore

extension SubsCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the subscriptions of a 'subs export' file (JSON or CSV). All or nothing.",
            discussion: "The first bad record stops the import with its line number; nothing is stored then.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The file to import; - reads stdin.", completion: .file(extensions: ["json", "csv"])) var file: String

        func run() throws {
            let ctx = try Context(global)
            let text = try readText()
            let (records, settings) = try ExportFile.parse(text, source: file)
            let store = try ctx.openStore()
            let count = try store.write { tx in
                let existing = try tx.subscriptions()
                var seen = ExportFile.Seen()
                for e in existing { seen.insert(e) }
                if existing.isEmpty {
                    for (k, v) in settings { try tx.setSetting(k, to: v) }
                }
                for (line, record) in records {
                    do {
                        var s = try SubscriptionRecord.subscription(from: record)
                        try ExportFile.checkNew(s, against: seen)
                        if seen.ids.contains(s.id) { s.id = 0 }
                        if s.createdAt.isEmpty { s.createdAt = ctx.now; s.updatedAt = ctx.now }
                        s.id = try tx.insert(s)
                        seen.insert(s)
                    } catch let e as SubsError {
                        throw SubsError(.data, "\(file) line \(line): \(e.message); nothing was imported")
                    }
                }
                return records.count
            }
            print("Imported \(count) subscriptions.")
        }

        private func readText() throws -> String {
            let data: Data?
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard FileManager.default.fileExists(atPath: file) else {
                    throw SubsError(.noInput, "no file \(file); give the path of a 'subs export' file")
                }
                data = FileManager.default.contents(atPath: file)
            }
            guard let data, let text = String(data: data, encoding: .utf8) else {
                throw SubsError(.data, "\(file) is not UTF-8 text; give a JSON or CSV file from 'subs export'")
            }
            return text
        }
    }
}
