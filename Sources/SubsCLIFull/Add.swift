import ArgumentParser
import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsScan

extension SubsCommand.Add: FullBuildWork {
    /// `add --scan`: reads the invoice, lets typed options win, asks on a terminal, then adds.
    func runInFullBuild() throws {
        guard let file = scan else { return try run() }
        let ctx = try Context(global)
        let (result, reading) = try readInvoice(file, ctx)
        var typed = fields.changes
        typed.name = name
        let changes = result.extraction.subscriptionChanges.overridden(by: typed)
        guard changes.name != nil else {
            throw SubsError.usage("could not read the service's name from \(file); give it: subs add NAME --scan \(file)")
        }
        guard changes.amount != nil else {
            throw SubsError.usage("could not read the amount from \(file); give it with --amount")
        }
        if !yes && isatty(STDIN_FILENO) == 1 && !Output.confirm("Add this subscription?", defaultYes: true) {
            Output.note("Nothing added.")
            throw ExitCode.failure
        }
        let document = Document(
            file: file, mediaType: result.mediaType.mimeType, bytes: result.document,
            extracted: ScanRecord.jsonLine(file: file, result, reading: reading))
        try add(changes, document: document, ctx)
    }

    /// Scans the invoice and shows what was read on stderr, for review.
    private func readInvoice(_ file: String, _ ctx: Context) throws -> (ScanResult, AssistedReading) {
        let progress = Progress(ctx)
        progress.file = file
        let scanner = engine.scanner(ctx, progress: progress)
        let (result, reading) = try engine.read(file, scanner: scanner, settings: try engine.llmSettings(ctx), ctx: ctx, progress: progress)
        progress.clear()
        Output.note(ScanRecord.human(file: file, result, reading: reading, Output(noColor: true, environment: ctx.environment)))
        for w in result.warnings + reading.warnings { Output.note("\(file): warning: \(w)") }
        return (result, reading)
    }
}
