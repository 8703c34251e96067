import ArgumentParser
import Foundation
import SubsCore

extension EngineChoice: ExpressibleByArgument {}
extension SendMode: ExpressibleByArgument {}

/// How a document is read: the local engine, the optional AI engine, and what may leave the machine.
/// Shared by `scan` and `add --scan`.
package struct ScanEngineOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp(
        "local: Tesseract and our extractor, nothing leaves the machine. llm: also the AI endpoint set by SUBS_LLM_URL. auto: llm when configured, else local.",
        valueName: "engine"))
    package var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp(
        "What goes to the AI endpoint: text (default) sends only the text read from the document; image sends the page images as JPEG.",
        valueName: "what"))
    package var send: SendMode = .text

    @Option(help: ArgumentHelp("OCR languages, '+'-separated Tesseract codes.", valueName: "langs"))
    package var lang: String = "eng+fra+deu+spa"

    @Option(name: .customLong("max-pages"), help: ArgumentHelp("Refuse PDFs with more pages.", valueName: "n"))
    package var maxPages: Int = 10

    package func validate() throws {
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
        let codes = lang.split(separator: "+", omittingEmptySubsequences: false)
        guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "_" } }) else {
            throw ValidationError("--lang takes Tesseract codes joined by '+', like eng+fra+deu+spa")
        }
    }
}
