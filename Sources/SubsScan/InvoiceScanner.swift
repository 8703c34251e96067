import Foundation
import SubsCore

/// How to scan. The defaults are what `subs scan` uses.
public struct ScanOptions: Sendable {
    /// Tesseract languages, `+`-separated.
    public var languages: String = "eng+fra+deu+spa"
    /// PDFs with more pages are refused.
    public var maxPages: Int = 10
    public var maxFileBytes: Int = 50 * 1024 * 1024
    public var maxPixels: Int = 100_000_000
    /// What a bare `$` means when the document gives no country clue (a dollar currency), and
    /// the user's currency otherwise. Nil: USD for `$`.
    public var defaultCurrency: Currency?
    /// Called with short progress lines ("page 2/3: OCR"); for a spinner on a terminal.
    public var progress: (@Sendable (String) -> Void)?

    public init(languages: String = "eng+fra+deu+spa", maxPages: Int = 10, defaultCurrency: Currency? = nil) {
        self.languages = languages
        self.maxPages = maxPages
        self.defaultCurrency = defaultCurrency
    }
}

/// Reads invoices: `InvoiceScanner().scan(url)` loads the file (type from magic bytes, limits checked),
/// takes the text layer of PDF pages that have one and OCRs the rest, then extracts the fields.
public struct InvoiceScanner: Sendable {
    public var options: ScanOptions
    let extractor: InvoiceExtractor

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
        self.extractor = InvoiceExtractor(catalogue: VendorCatalogue.bundled, defaultCurrency: options.defaultCurrency)
    }

    /// Scans one file. Throws a one-line `SubsError` (kind `.data` or `.noInput`) when the file
    /// cannot be read as a document; a readable document that is not an invoice gives nulls.
    public func scan(_ url: URL) throws(SubsError) -> ScanResult {
        let start = ContinuousClock.now
        let doc = try DocumentLoader.load(url, options: options)
        return try finish(doc, name: url.path, start: start)
    }

    /// The bytes of `url`, with the same refusals as `scan(_:)` for a missing, unreadable or too large
    /// file: for callers that need the bytes before scanning them (`scan(data:name:)`).
    public func readFile(_ url: URL) throws(SubsError) -> Data {
        try DocumentLoader.read(url, options: options)
    }

    /// Scans bytes already in memory (`name` appears in messages only).
    public func scan(data: Data, name: String) throws(SubsError) -> ScanResult {
        let start = ContinuousClock.now
        let ext = (name as NSString).pathExtension
        let doc = try DocumentLoader.check(data, name: name, fileExtension: ext, options: options)
        return try finish(doc, name: name, start: start)
    }

    /// The text of a document already in memory (an e-mail's attachment), as `scan(data:name:)` reads it,
    /// with the loader's warnings; no fields extracted.
    public func readPages(data: Data, name: String) throws(SubsError) -> (pages: [TextPage], type: MediaType, warnings: [String]) {
        let ext = (name as NSString).pathExtension
        let doc = try DocumentLoader.check(data, name: name, fileExtension: ext, options: options)
        var warnings = doc.warnings
        let pages = try readPages(doc, name: name, warnings: &warnings)
        return (pages, doc.type, warnings)
    }

    /// Extracts the fields from pages read elsewhere (an e-mail's body and attachments) and what is known of
    /// the document besides them (its sender and date). `document` is what the store keeps.
    public func extract(pages: [TextPage], context: DocumentContext, document: Data, mediaType: MediaType, warnings: [String] = [],
                        start: ContinuousClock.Instant = .now) -> ScanResult {
        let extraction = extractor.extract(pages: pages, context: context)
        return ScanResult(extraction: extraction, pages: pages, document: document, mediaType: mediaType,
                          warnings: warnings + extraction.warnings, elapsed: ContinuousClock.now - start)
    }

    private func finish(_ doc: LoadedDocument, name: String, start: ContinuousClock.Instant) throws(SubsError) -> ScanResult {
        var warnings = doc.warnings
        var rasters: [Int: KeptPage] = [:]
        let pages = try readPages(doc, name: name, warnings: &warnings, rasters: &rasters)
        // SUBS_DEBUG_TEXT=dir: the text read from each document, in dir/NAME.txt.
        if let dir = ProcessInfo.processInfo.environment["SUBS_DEBUG_TEXT"] {
            let text = pages.map(\.text).joined(separator: "\n\u{0C}\n")
            try? Data(text.utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent((name as NSString).lastPathComponent + ".txt"))
        }
        let extraction = extractor.extract(pages: pages)
        warnings += extraction.warnings
        let elapsed = ContinuousClock.now - start
        return ScanResult(
            extraction: extraction, pages: pages, document: doc.bytes, mediaType: doc.type,
            warnings: warnings, elapsed: elapsed)
    }

    /// The text of every page of a file, as the extractor gets it (before any line is read again): for
    /// training and inspecting the extractor.
    public func readPages(of url: URL) throws(SubsError) -> [TextPage] {
        let doc = try DocumentLoader.load(url, options: options)
        var warnings: [String] = []
        return try readPages(doc, name: url.path, warnings: &warnings)
    }

    /// Text of every page: the PDF text layer where there is one, OCR otherwise.
    func readPages(_ doc: LoadedDocument, name: String, warnings: inout [String]) throws(SubsError) -> [TextPage] {
        var rasters: [Int: KeptPage] = [:]
        return try readPages(doc, name: name, warnings: &warnings, rasters: &rasters)
    }

    /// Pages OCR'd whose prepared images are kept for re-reading lines (memory: a few pages).
    static let keptRasters = 2

    /// Text of every page, and the prepared images of the first OCR'd pages with their dpi.
    func readPages(_ doc: LoadedDocument, name: String, warnings: inout [String], rasters: inout [Int: KeptPage]) throws(SubsError) -> [TextPage] {
        let corrupt = "\(name) is truncated or corrupt (\(doc.type.displayName)); save or export the invoice again"
        switch doc.content {
        case .pdf(let pdf):
            var pages: [TextPage] = []
            let count = pdf.pageCount
            for i in 0..<count {
                let words = pdf.words(page: i)
                let letters = words.reduce(0) { $0 + $1.text.count }
                if letters >= 20 {
                    options.progress?("page \(i + 1)/\(count): text layer")
                    let size = pdf.pageSize(i) ?? (595, 842)
                    pages.append(TextPage(page: i + 1, source: .textLayer, words: words, width: Int(size.width), height: Int(size.height)))
                    continue
                }
                options.progress?("page \(i + 1)/\(count): OCR")
                if rasters.isEmpty { OCREngine.preload(languages: options.languages) }
                // 300 dpi, less for oversized pages so a page never exceeds ~35 megapixels.
                let size = pdf.pageSize(i) ?? (595, 842)
                let areaInches = max(1, size.width * size.height / (72 * 72))
                let dpi = min(300, (35_000_000 / areaInches).squareRoot())
                guard let raster = pdf.render(page: i, dpi: dpi) else { throw .data(corrupt) }
                let (text, prepared) = try ocr(raster, orientation: 1, dpi: Int(dpi), page: i + 1)
                pages.append(text)
                if rasters.count < Self.keptRasters { rasters[i + 1] = prepared }
            }
            return pages
        case .image(let info):
            OCREngine.preload(languages: options.languages)
            options.progress?("decoding \(doc.type.displayName)")
            let raster: Raster
            if doc.type == .heif {
                do { raster = try HeifImage.decode(doc.bytes) } catch { throw .data(corrupt) }
            } else {
                guard let r = Raster(encoded: doc.bytes) else { throw DocumentLoader.undecodable(name, doc) }
                raster = r
            }
            options.progress?("OCR")
            let (text, prepared) = try ocr(raster, orientation: info.orientation, dpi: nil, page: 1)
            rasters[1] = prepared
            return [text]
        }
    }

    /// A page's image as OCR read it, kept for re-reading lines: its resolution, and how much the
    /// preparation enlarged the text.
    struct KeptPage {
        var raster: Raster
        var dpi: Int
        var enlargement: Double
    }

    private func ocr(_ raster: Raster, orientation: Int, dpi: Int?, page: Int) throws(SubsError) -> (TextPage, KeptPage) {
        let clock = ContinuousClock()
        let t0 = clock.now
        guard var prepared = ImagePreparation.prepare(raster, orientation: orientation, dpi: dpi) else {
            throw SubsError(.failure, "could not prepare page \(page) for OCR")
        }
        let t1 = clock.now
        let engine = try OCREngine.shared(languages: options.languages)
        let t2 = clock.now
        var result = engine.recognize(prepared.raster, dpi: prepared.dpi, page: page)
        var pageImage = prepared.raster
        if let turned = Self.turnedUpright(prepared.raster, reading: result) {
            let again = engine.recognize(turned.raster, dpi: prepared.dpi, page: page)
            if again.words.meanConfidence > result.words.meanConfidence {
                result = again
                pageImage = turned.raster
                prepared.notes.append("turned upright x\(turned.quarterTurns) quarter")
            }
        }
        let t3 = clock.now
        result.rereads = LineRereads.reread(result, raster: pageImage, dpi: prepared.dpi, engine: engine)
        // SUBS_DEBUG_IMAGE=prefix: the prepared page as OCR sees it, in prefix-PAGE.jpg.
        if let prefix = ProcessInfo.processInfo.environment["SUBS_DEBUG_IMAGE"], let jpeg = pageImage.jpeg(quality: 90) {
            try? jpeg.write(to: URL(fileURLWithPath: "\(prefix)-\(page).jpg"))
        }
        if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
            FileHandle.standardError.write(Data("page \(page): \(raster.width)x\(raster.height) -> \(pageImage.width)x\(pageImage.height) \(prepared.notes); prepare \(t1 - t0), init \(t2 - t1), ocr \(t3 - t2), \(result.rereads.count) re-reads \(clock.now - t3)\n".utf8))
        }
        return (result, KeptPage(raster: pageImage, dpi: prepared.dpi, enlargement: prepared.enlargement))
    }

    /// A page read this poorly (mean word confidence) is checked for text turned on its side or
    /// upside down. Upright pages read at 0.54 or better on the corpora here, and a turned page
    /// reads as noise around 0.6, so the two overlap: the turn is kept only if it reads better.
    static let turnCheckConfidence = 0.75

    /// The page turned upright when it was read poorly and its text looks turned: a page scanned
    /// upside down, or photographed sideways without an EXIF orientation.
    static func turnedUpright(_ raster: Raster, reading: TextPage) -> (raster: Raster, quarterTurns: Int)? {
        guard reading.words.meanConfidence < turnCheckConfidence, let counts = raster.textOrientationConfidences() else { return nil }
        let turns = uprightQuarterTurns(up: counts.up, left: counts.left)
        guard turns != 0, let turned = raster.rotated(quarterTurns: turns) else { return nil }
        // Text too far off level to be measured sideways is straightened now it runs across.
        return (turned.deskewed(minConfidence: ImagePreparation.minSkewConfidence) ?? turned, turns)
    }

    /// Clockwise quarter turns that bring text upright, from leptonica's orientation confidences:
    /// the stronger direction when it is at least `minTurnConfidence` and 1.5 times the other.
    /// Looser than leptonica's own decision (8, and 2.5 times), which left a short page turned a
    /// quarter unread; only poorly read pages are asked, and a turn that reads no better is dropped.
    static func uprightQuarterTurns(up: Double, left: Double) -> Int {
        let clear = { (a: Double, b: Double) in abs(a) >= minTurnConfidence && abs(a) >= 1.5 * abs(b) }
        if clear(left, up) { return left > 0 ? 1 : 3 }
        if clear(up, left) && up < 0 { return 2 }
        return 0
    }

    static let minTurnConfidence = 5.0
}
