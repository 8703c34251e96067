import Foundation
import SubsAI
import SubsCLI
import SubsCore
import SubsHTTP
import SubsMail
import SubsScan

extension ScanEngineOptions {
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

    /// Scans one file (or its bytes, read already) and reads it with the chosen engine; the result's
    /// extraction is the merged one.
    func read(_ file: String, bytes: Data? = nil, scanner: InvoiceScanner, settings: LLMSettings?, ctx: Context, progress: Progress) throws
        -> (ScanResult, AssistedReading)
    {
        // E-mails are told from documents by their bytes; MailScanner hands documents to the invoice scanner.
        let mail = MailScanner(scanner: scanner)
        let scan = try mail.scan(data: try bytes ?? mail.readFile(URL(fileURLWithPath: file)), name: file)
        if settings != nil { progress.show("asking the AI engine") }
        let reading = try AssistedReader.read(
            scan, choice: engine, settings: settings, http: HTTPClient(), mode: send,
            images: { () throws(SubsError) in try scanner.pageImagesJPEG(scan.document, name: file) }, today: ctx.today)
        var merged = scan
        merged.extraction = reading.extraction
        return (merged, reading)
    }
}
