import ArgumentParser
import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsScan

extension SubsCommand.Scan: FullBuildWork {
    func runInFullBuild() throws {
        let ctx = try Context(global)
        if let mailbox { return try scanMailbox(mailbox, ctx) }
        let progress = Progress(ctx)
        let scanner = engine.scanner(ctx, progress: progress)
        let settings = try engine.llmSettings(ctx)
        // The exit status is that of the first failure, after every file has been tried.
        var firstFailure: SubsError.Kind?
        for (n, file) in files.enumerated() {
            progress.file = files.count > 1 ? "\(file) (\(n + 1)/\(files.count))" : file
            do {
                let (result, reading) = try engine.read(file, scanner: scanner, settings: settings, ctx: ctx, progress: progress)
                progress.clear()
                for w in result.warnings + reading.warnings where !json { Output.note("\(file): warning: \(w)") }
                print(json ? ScanRecord.jsonLine(file: file, result, reading: reading, text: text)
                    : ScanRecord.human(file: file, result, reading: reading, ctx.output))
                if text && !json { print(result.text + "\n") }
            } catch let error as SubsError {
                progress.clear()
                firstFailure = firstFailure ?? error.kind
                if json {
                    print(JSONValue.object([("file", .string(file)), ("error", .string(error.message))]).serialized())
                } else {
                    Output.error(error.message)
                }
            }
        }
        if let firstFailure { throw ExitCode(ExitStatus.code(for: firstFailure)) }
    }
}
