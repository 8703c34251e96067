import ArgumentParser
import Foundation
import SubsAI
import SubsCore
import SubsHTTP
import SubsScan

extension EngineChoice: ExpressibleByArgument {}
extension SendMode: ExpressibleByArgument {}

/// How a document is read: the local engine, the optional AI engine, and what may leave the machine.
/// Shared by `scan` and `add --scan`.
struct ScanEngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "local: Tesseract and our extractor, nothing leaves the machine. llm: also the AI endpoint set by SUBS_LLM_URL. auto: llm when configured, else local.",
        valueName: "engine"))
    var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp(
        "What goes to the AI endpoint: text (default) sends only the text read from the document; image sends the page images as JPEG.",
        valueName: "what"))
    var send: SendMode = .text

    @Option(help: ArgumentHelp("OCR languages, '+'-separated Tesseract codes.", valueName: "langs"))
    var lang: String = "eng+fra+deu+spa"

    @Option(name: .customLong("max-pages"), help: ArgumentHelp("Refuse PDFs with more pages.", valueName: "n"))
    var maxPages: Int = 10

    func validate() throws {
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
        let codes = lang.split(separator: "+", omittingEmptySubsequences: false)
        guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) else {
            throw ValidationError("--lang takes Tesseract codes joined by '+', like eng+fra+deu+spa")
        }
    }

    /// The AI endpoint's settings from the environment and the config file (which must be private).
    func llmSettings(_ ctx: Context) throws -> LLMSettings? {
        guard engine != .local else { return nil }
        return try LLMSettings.resolve(environment: ctx.environment, file: try ConfigFile.user(ctx.environment).values())
    }

    func scanner(_ ctx: Context, progress: Progress) -> InvoiceScanner {
        var options = ScanOptions(languages: lang, maxPages: maxPages, defaultCurrency: ctx.localeCurrency)
        options.progress = { progress.show($0) }
        return InvoiceScanner(options: options)
    }

    /// Scans one file and reads it with the chosen engine; the result's extraction is the merged one.
    func read(_ file: String, scanner: InvoiceScanner, settings: LLMSettings?, ctx: Context, progress: Progress) throws -> (ScanResult, AssistedReading) {
        let scan = try scanner.scan(URL(fileURLWithPath: file))
        if settings != nil { progress.show("asking the AI engine") }
        let reading = try AssistedReader.read(
            scan, choice: engine, settings: settings, http: HTTPClient(), mode: send,
            images: { () throws(SubsError) in try scanner.pageImagesJPEG(scan.document, name: file) }, today: ctx.today)
        var merged = scan
        merged.extraction = reading.extraction
        return (merged, reading)
    }
}
