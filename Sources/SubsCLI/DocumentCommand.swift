import ArgumentParser
import Foundation
import SubsCore
import SubsStore

extension SubsCommand {
    struct Document: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "document",
            abstract: "Write out an invoice kept with a subscription ('subs show' lists them).",
            discussion: "Example: subs document netflix -o netflix-invoice.pdf")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Id or name.") var subscription: String
        @Option(help: ArgumentHelp("Which of its documents, from 1 (default: the newest).", valueName: "n")) var number: Int?
        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file; - is stdout.", valueName: "file"),
                completion: .file()) var output: String

        func run() throws {
            let ctx = try Context(global)
            let (s, content) = try ctx.openStore().read { tx in
                let s = try ctx.ledger.find(subscription, in: try tx.subscriptions())
                let docs = try tx.documents(of: s.id)
                guard !docs.isEmpty else { throw SubsError.notFound("\(s.name) has no scanned document; add one with 'subs add --scan'") }
                let n = number ?? docs.count
                guard (1...docs.count).contains(n) else {
                    throw SubsError.usage("\(s.name) has \(docs.count) document\(docs.count == 1 ? "" : "s"); give --number from 1 to \(docs.count)")
                }
                return (s, try tx.documentContent(id: docs[n - 1].id) ?? Data())
            }
            if output == "-" {
                FileHandle.standardOutput.write(content)
            } else {
                try AtomicFile.write(content, to: output, mode: 0o600)
                Output.note("Wrote \(content.count) bytes of \(s.name)'s document to \(output).")
            }
        }
    }
}
