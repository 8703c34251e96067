import ArgumentParser
import Foundation
import SubsCLI
import SubsCore
import SubsStatements

extension SubsCommand.Detect: FullBuildWork {
    func runInFullBuild() throws {
        let ctx = try Context(global)
        let columns = try columns.map { t throws(SubsError) in try StatementColumns(parsing: t) } ?? StatementColumns()
        let defaultCurrency: Currency
        if let code = currency {
            guard let c = Currency(code: code) else {
                throw SubsError.usage("unknown currency '\(code)'; use an ISO 4217 code like EUR, USD, GBP")
            }
            defaultCurrency = c
        } else {
            defaultCurrency = try ctx.openStore().read { tx in try Settings.load(from: tx).currency }
        }
        let reader = StatementReader(columns: columns, defaultCurrency: defaultCurrency)
        var all: [BankTransaction] = []
        var read: [StatementFile] = []
        // Every file is read before anything is found: a bad one stops the command, naming it.
        var seen = Set<BankTransaction.Identity>()
        for file in files {
            let (transactions, format) = try reader.read(file)
            // Overlapping exports of one account: a line already read from another file is not counted twice.
            let fresh = transactions.filter { !seen.contains($0.identity) }
            for t in transactions { seen.insert(t.identity) }
            all += fresh
            read.append(StatementFile(file: file, format: format.rawValue, count: transactions.count, alreadyRead: transactions.count - fresh.count))
        }
        try review(all, read: read, defaultCurrency: defaultCurrency, ctx)
    }
}
