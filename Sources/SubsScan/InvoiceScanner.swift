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

    private func finish(_ doc: LoadedDocument, name: String, start: ContinuousClock.Instant) throws(SubsError) -> ScanResult {
        var warnings = doc.warnings
        var rasters: [Int: KeptPage] = [:]
        var pages = try readPages(doc, name: name, warnings: &warnings, rasters: &rasters)
        // SUBS_DEBUG_TEXT=dir: the text read from each document, in dir/NAME.txt.
        if let dir = ProcessInfo.processInfo.environment["SUBS_DEBUG_TEXT"] {
            let text = pages.map(\.text).joined(separator: "\n\u{0C}\n")
            try? Data(text.utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent((name as NSString).lastPathComponent + ".txt"))
        }
        var extraction = extractor.extract(pages: pages)
        if !rasters.isEmpty {
            let t0 = ContinuousClock.now
            extraction = rereadingKeyLines(extraction, pages: &pages, rasters: rasters)
            extraction = rereadingDateLine(extraction, pages: &pages, rasters: rasters)
            extraction = restoringInitialDots(extraction, pages: &pages, rasters: rasters)
            if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
                FileHandle.standardError.write(Data("re-reads \(ContinuousClock.now - t0)\n".utf8))
            }
        }
        warnings += extraction.warnings
        let elapsed = ContinuousClock.now - start
        return ScanResult(
            extraction: extraction, pages: pages, document: doc.bytes, mediaType: doc.type,
            warnings: warnings, elapsed: elapsed)
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
                guard let r = Raster(encoded: doc.bytes) else { throw .data(corrupt) }
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
        // SUBS_DEBUG_IMAGE=prefix: the prepared page as OCR sees it, in prefix-PAGE.jpg.
        if let prefix = ProcessInfo.processInfo.environment["SUBS_DEBUG_IMAGE"], let jpeg = pageImage.jpeg(quality: 90) {
            try? jpeg.write(to: URL(fileURLWithPath: "\(prefix)-\(page).jpg"))
        }
        if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
            FileHandle.standardError.write(Data("page \(page): \(raster.width)x\(raster.height) -> \(pageImage.width)x\(pageImage.height) \(prepared.notes); prepare \(t1 - t0), init \(t2 - t1), ocr \(clock.now - t2)\n".utf8))
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

    /// Lines whose mean confidence lies here are read again: on the sample receipts the re-reads
    /// that helped started from 0.78-0.88, those under ~0.65 came back no better.
    static let rereadConfidences = 0.6..<0.9

    /// The name's line is re-read when doubtful, and also when read with confidence but showing
    /// a slip: a word starting in lower case among capitalised words ("Blue lree Cafe"), a
    /// capital misread that Tesseract is often sure of.
    static func nameNeedsRereading(_ line: TextLine) -> Bool {
        let c = line.confidence
        return rereadConfidences.contains(c)
            || (c >= rereadConfidences.upperBound && line.words.indices.contains { LineVoting.startsLowerInCapitalisedLine($0, line.words) })
    }

    /// The name line's second re-read is enlarged this much more than the first: a different
    /// sampling of the same print, so its slips are not the first re-read's.
    static let secondNameReadScale = 1.6

    /// The lines the shop's name and the total came from, read again on their own (single-line
    /// mode, enlarged) when they were read with doubt: block mode misreads characters of big or
    /// faint lines that a line alone reads right. A re-read replaces the line only when Tesseract
    /// is clearly surer of it; else the name's line is put to a word-by-word vote (`votedName`).
    /// The fields are then extracted again. Three small OCR calls at most.
    /// (Date lines that gave a date, re-read so, changed digits of the year about as often for worse
    /// as for better; a dateless bill's date line is read again by `rereadingDateLine`.)
    func rereadingKeyLines(_ extraction: Extraction, pages: inout [TextPage], rasters: [Int: KeptPage]) -> Extraction {
        var evidence: [(text: String, isAmount: Bool)] = []
        if extraction.name.value != nil, extraction.category == nil, let e = extraction.name.evidence { evidence.append((e, false)) }
        if let e = extraction.amount.evidence { evidence.append((e, true)) }
        guard !evidence.isEmpty, let engine = try? OCREngine.shared(languages: options.languages) else { return extraction }
        var result = extraction
        for (e, isAmount) in evidence {
            guard var line = TextLine.lines(of: pages).first(where: { $0.text == e }),
                let kept = rasters[line.page], let p = pages.firstIndex(where: { $0.page == line.page }),
                let lineNumber = line.words.first?.line
            else { continue }
            let (raster, dpi) = (kept.raster, kept.dpi)
            // The name's printed line may have been parted by OCR (a tilted or curled slip): its
            // end read as a line of its own. Those words are read again with it, as one line.
            var base = pages
            let parted = isAmount ? [] : Self.partedRest(of: line, among: pages[p].words)
            if !parted.isEmpty {
                let moved = parted.map { w in var w = w; w.line = lineNumber; return w }
                line.words = (line.words + moved).sorted { $0.x < $1.x }
                base[p].words = pages[p].words.filter { !parted.contains($0) }
                base = Self.replacing(line: lineNumber, of: p, in: base, with: line.words)
            }
            // A line read with high confidence is rarely read better alone, nor is one read so
            // badly that it is mostly noise: no time spent on either (the name: see nameNeedsRereading).
            guard isAmount ? Self.rereadConfidences.contains(line.confidence) : Self.nameNeedsRereading(line) || !parted.isEmpty
            else { continue }
            let x0 = line.words.map(\.x).min()!, y0 = line.words.map(\.y).min()!
            let x1 = line.words.map { $0.x + $0.width }.max()!, y1 = line.words.map { $0.y + $0.height }.max()!
            // The box of the line's usual words: a tall speck or stamp mark would swell it.
            let heights = line.words.map(\.height).sorted()
            let typical = heights[heights.count / 2]
            let core = line.words.filter { $0.height <= typical * 3 / 2 }
            let top = core.map(\.y).min() ?? y0, bottom = core.map { $0.y + $0.height }.max() ?? y1
            let box = Raster.PixelBox(x: x0, y: top, width: x1 - x0, height: bottom - top)
            let tilt = parted.isEmpty ? nil : Self.tilt(of: line.words)
            let again = engine.rereadLine(raster, box: box, dpi: dpi, page: line.page, line: lineNumber, tilt: tilt)
            // A parted line is kept joined as the page read it unless both re-reads agree on
            // another reading: its words were read well, only put on different lines.
            if !isAmount, !Self.clearlySurer(again, than: line),
                let voted = parted.isEmpty
                    ? votedName(line, again, raster: raster, box: box, dpi: dpi)
                    : votedName(line, again, raster: raster, box: box, dpi: dpi, tilt: tilt, agreementWins: true) ?? line.words
            {
                let votedText = voted.text
                if votedText != e {
                    let candidate = Self.replacing(line: lineNumber, of: p, in: base, with: voted)
                    let reextracted = extractor.extract(pages: candidate)
                    // The combined line must still be where the name comes from, or print the name
                    // another line then confirms (the domain spelling the brand now read right).
                    if reextracted.name.evidence == votedText
                        || reextracted.name.value.map({ Text.contains(Text.fold(votedText), phrase: Text.fold($0)) }) == true
                    {
                        pages = candidate
                        result = reextracted
                    }
                }
                continue
            }
            guard Self.rereadConfidences.contains(line.confidence) else { continue }
            guard !again.isEmpty else { continue }
            let before = line.confidence
            let after = again.meanConfidence
            if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
                FileHandle.standardError.write(Data("reread '\(e)' \(before) -> '\(again.text)' \(after)\n".utf8))
            }
            let replacement = isAmount ? again : Self.keepingCapitals(of: line.words, in: again)
            let candidate = Self.replacing(line: lineNumber, of: p, in: base, with: replacement)
            let reextracted = extractor.extract(pages: candidate)
            var better = Self.clearlySurer(again, than: line)
            // A line re-read into something the field no longer comes from is no better reading: a total
            // whose total is elsewhere, or a web address that lost its dot ("www lavoir-express fr") under
            // the name it spelled, printed on another line ("Lavoir Express"). (A name read from that line
            // alone, a misread address, may move to a line that prints one.)
            if isAmount, reextracted.amount.evidence != replacement.text { better = false }
            if !isAmount, reextracted.name.evidence != replacement.text, let name = result.name.value,
                NameFinder.linesMentioning(name, in: TextLine.lines(of: pages).filter { $0.text != e }) > 0
            {
                better = false
            }
            // The two readings of the total disagree: the one the rest of the receipt backs is the one to trust.
            if isAmount, let old = result.amount.value, let new = reextracted.amount.value, old != new,
                reextracted.amount.evidence == again.text,
                let backed = Self.rereadTotalIsBacked(old: old, new: new, lines: TextLine.lines(of: pages).map(\.text), except: e)
            {
                better = backed
            }
            guard better else { continue }
            pages = candidate
            result = reextracted
        }
        return result
    }

    /// A bill with a total but no date whose header prints digits that look like a misread date
    /// ("2025-11 -04- 16528", "01701/2026 16:12", "15/22/2025"): that line read again on its own,
    /// as the total's is. Thin print (a till's Courier) is often read right alone. The re-read is
    /// taken when the date then comes from it and the name and total stand. At most two lines.
    func rereadingDateLine(_ extraction: Extraction, pages: inout [TextPage], rasters: [Int: KeptPage]) -> Extraction {
        guard extraction.billingDate.value == nil, extraction.amount.value != nil,
            let engine = try? OCREngine.shared(languages: options.languages)
        else { return extraction }
        let lines = TextLine.lines(of: pages)
        let candidates = lines.prefix(max(12, lines.count / 3)).filter { Self.looksLikeMisreadDate($0.text) }.prefix(2)
        for line in candidates {
            guard let kept = rasters[line.page], let p = pages.firstIndex(where: { $0.page == line.page }),
                let lineNumber = line.words.first?.line
            else { continue }
            let x0 = line.words.map(\.x).min()!, y0 = line.words.map(\.y).min()!
            let x1 = line.words.map { $0.x + $0.width }.max()!, y1 = line.words.map { $0.y + $0.height }.max()!
            let box = Raster.PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            // Thin print enlarged for the page's reading is often read right at the size it came in;
            // else as other lines are re-read.
            let scales: [Double?] = kept.enlargement > 1 ? [1 / kept.enlargement, nil] : [nil]
            for scale in scales {
                let again = engine.rereadLine(kept.raster, box: box, dpi: kept.dpi, page: line.page, line: lineNumber, scale: scale)
                if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
                    FileHandle.standardError.write(Data("date reread '\(line.text)' -> '\(again.text)'\n".utf8))
                }
                guard !again.isEmpty else { continue }
                let candidate = Self.replacing(line: lineNumber, of: p, in: pages, with: again)
                let reextracted = extractor.extract(pages: candidate)
                guard reextracted.billingDate.value != nil, reextracted.billingDate.evidence == again.text,
                    reextracted.amount.value == extraction.amount.value, reextracted.name.value == extraction.name.value
                else { continue }
                pages = candidate
                return reextracted
            }
        }
        return extraction
    }

    /// The name's line with the stops of its initials put back where OCR dropped them and the
    /// page shows them (`InitialDots`): "SHH, MOTOR" read for "S.H.H. MOTOR". Taken when the
    /// name still comes from that line.
    func restoringInitialDots(_ extraction: Extraction, pages: inout [TextPage], rasters: [Int: KeptPage]) -> Extraction {
        guard let e = extraction.name.evidence, let line = TextLine.lines(of: pages).first(where: { $0.text == e }),
            let kept = rasters[line.page], let p = pages.firstIndex(where: { $0.page == line.page }),
            let lineNumber = line.words.first?.line
        else { return extraction }
        var changed = false
        let words = line.words.map { w in
            guard let dotted = InitialDots.dotted(w, on: kept.raster) else { return w }
            changed = true
            var w = w
            w.text = dotted
            return w
        }
        guard changed else { return extraction }
        let candidate = Self.replacing(line: lineNumber, of: p, in: pages, with: words)
        let reextracted = extractor.extract(pages: candidate)
        guard reextracted.name.evidence == words.text else { return extraction }
        pages = candidate
        return reextracted
    }

    /// Digits that look like a date OCR misread: a word with four digits or more, two of them
    /// parted by a date's separator ("01701/2026", "2025-11"), or a year run into other digits
    /// ("202525508:"), on a line that is no phone number's.
    static func looksLikeMisreadDate(_ text: String) -> Bool {
        let folded = Text.fold(text)
        guard !["tel", "fax", "phone", "telefon", "telefono", "mobile", "mob"].contains(where: { Text.contains(folded, phrase: $0) })
        else { return false }
        return text.split(separator: " ").contains { word in
            let digits = word.filter(\.isNumber).count
            guard digits >= 4 else { return false }
            return word.range(of: #"\d[./-]\d"#, options: .regularExpression) != nil
                || (digits >= 6 && word.range(of: #"(19|20)\d\d"#, options: .regularExpression) != nil)
        }
    }

    /// The line the name came from, read a second time (enlarged more than `again`) and the
    /// three readings combined word by word: a word changes only where both re-reads agree on it
    /// (`LineVoting`); with `agreementWins`, two re-reads reading the line alike win whole. Nil when
    /// no vote was held: the first re-read read the line just as the page did, which leaves no
    /// majority for anything else, so the second read is spared.
    func votedName(
        _ line: TextLine, _ again: [WordBox], raster: Raster, box: Raster.PixelBox, dpi: Int,
        tilt: OCREngine.LineTilt? = nil, agreementWins: Bool = false
    ) -> [WordBox]? {
        guard !again.isEmpty, again.map(\.text) != line.words.map(\.text), let lineNumber = line.words.first?.line,
            let engine = try? OCREngine.shared(languages: options.languages)
        else { return nil }
        let larger = min(3, OCREngine.rereadScale(lineHeight: tilt?.letterHeight ?? box.height) * Self.secondNameReadScale)
        let other = engine.rereadLine(raster, box: box, dpi: dpi, page: line.page, line: lineNumber, scale: larger, tilt: tilt)
        let voted = agreementWins && other.map(\.text) == again.map(\.text) ? again : LineVoting.combine(line.words, [again, other])
        if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
            func show(_ ws: [WordBox]) -> String { ws.map { "\($0.text):\(Int($0.confidence * 100))" }.joined(separator: " ") }
            FileHandle.standardError.write(Data("name readings '\(show(line.words))' / '\(show(again))' / '\(show(other))' -> '\(show(voted))'\n".utf8))
        }
        return voted
    }

    /// The re-read `again` of a name's line with the capitals the page read: a word the re-read
    /// spells alike but in lower case ("werkhaus" for "Werkhaus", a logo beside its capital) keeps
    /// the page's capital. A name's capital is what OCR loses, not what it invents.
    static func keepingCapitals(of page: [WordBox], in again: [WordBox]) -> [WordBox] {
        again.map { w in
            guard w.text.first?.isLowercase == true,
                let read = page.first(where: { $0.text.first?.isUppercase == true && $0.text.lowercased() == w.text.lowercased() })
            else { return w }
            var kept = w
            kept.text = read.text
            return kept
        }
    }

    /// A re-read of a doubtful line (`rereadConfidences`) that Tesseract is clearly surer of
    /// replaces the line whole.
    static func clearlySurer(_ again: [WordBox], than line: TextLine) -> Bool {
        !again.isEmpty && rereadConfidences.contains(line.confidence) && again.meanConfidence > line.confidence + 0.05
    }

    /// The rest of `line`'s printed line when OCR parted it (a tilted or curled slip): whole
    /// neighbouring lines lying wholly past one of its ends, whose nearest word sits level with
    /// that end (at least 60% of its height within the end word's) and follows on within three
    /// of its heights ("LIGHTROOM GALLERY SDP" with "BHD" read as a line above it). Pieces of
    /// pieces are followed: a line tilted more is read as several.
    static func partedRest(of line: TextLine, among words: [WordBox]) -> [WordBox] {
        guard !line.words.isEmpty else { return [] }
        let byLine = Dictionary(grouping: words, by: \.line)
        var joined = line.words.sorted { $0.x < $1.x }
        var taken = Set(line.words.map(\.line))
        func level(_ w: WordBox, _ end: WordBox) -> Bool {
            let overlap = min(end.y + end.height, w.y + w.height) - max(end.y, w.y)
            return w.height > 0 && Double(overlap) >= 0.6 * Double(min(w.height, end.height))
        }
        var found = true
        while found {
            found = false
            let neighbours = Set(taken.flatMap { [$0 - 1, $0 + 1] }).subtracting(taken).sorted()
            for n in neighbours {
                guard let other = byLine[n]?.sorted(by: { $0.x < $1.x }), let head = other.first, let tail = other.last,
                    let first = joined.first, let last = joined.last
                else { continue }
                let follows = head.x >= last.x + last.width && head.x - (last.x + last.width) <= 3 * head.height && level(head, last)
                let leads = tail.x + tail.width <= first.x && first.x - (tail.x + tail.width) <= 3 * tail.height && level(tail, first)
                guard follows || leads else { continue }
                joined = follows ? joined + other : other + joined
                taken.insert(n)
                found = true
            }
        }
        return joined.filter { !line.words.contains($0) }
    }

    /// The clockwise turn that levels a line whose words climb or fall from left to right (their
    /// tops and bottoms, first word to last), with the height of its letters (the lowest word box:
    /// a tilted word's box is its letters' height plus the climb across it). Nil under a degree.
    static func tilt(of words: [WordBox]) -> OCREngine.LineTilt? {
        guard let first = words.first, let last = words.last, last.x > first.x, let lowest = words.map(\.height).min()
        else { return nil }
        let climb = Double((last.y - first.y) + (last.y + last.height - first.y - first.height)) / 2
        let radians = -atan(climb / Double(last.x - first.x))
        guard abs(radians) >= .pi / 180 else { return nil }
        return OCREngine.LineTilt(radians: radians, letterHeight: lowest)
    }

    /// `pages` with line `line` of page index `p` read as `words`.
    static func replacing(line: Int, of p: Int, in pages: [TextPage], with words: [WordBox]) -> [TextPage] {
        var kept = pages[p].words.filter { $0.line != line }
        let at = kept.firstIndex { $0.line > line } ?? kept.count
        kept.insert(contentsOf: words, at: at)
        var out = pages
        out[p].words = kept
        return out
    }

    /// Whether the rest of the page backs the re-read of the total line (`new`) over the page's
    /// reading (`old`), backing being `support`; nil when it does not tell. Readings that differ in
    /// one digit are settled by their backing; readings further apart ("33.323,99" and "123,99")
    /// only when nothing backs the page's and something backs the re-read.
    static func rereadTotalIsBacked(old: Decimal, new: Decimal, lines: [String], except line: String) -> Bool? {
        let oldSupport = support(old, lines: lines, except: line), newSupport = support(new, lines: lines, except: line)
        if InvoiceExtractor.differsInOneDigit(old, new) { return oldSupport == newSupport ? nil : newSupport > oldSupport }
        return oldSupport == 0 && newSupport > 0 ? true : nil
    }

    /// How many other lines of the text back `value`: lines printing it, plus one when cash
    /// tendered minus change comes to it.
    static func support(_ value: Decimal, lines: [String], except: String) -> Int {
        var money: [MoneyMention] = []
        for (i, line) in lines.enumerated() { money += AmountFinder.find(in: line, line: i, language: nil) }
        var count = Set(money.filter { $0.value == value && lines[$0.line] != except }.map(\.line)).count
        if let paid = InvoiceExtractor.paidByTender(money, raws: lines), paid.value == value { count += 1 }
        return count
    }
}
