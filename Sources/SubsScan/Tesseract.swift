import CTesseract
import Foundation
import SubsCore

/// The Tesseract engine for one language set. Initialising costs ~0.6 s with four languages, so an
/// engine is made once per process and language set (`shared(languages:)`) and reused; a lock
/// serialises use because a `TessBaseAPI` is not thread-safe.
final class OCREngine: @unchecked Sendable {
    private let api: OpaquePointer
    private let lock = NSLock()
    let languages: String

    static let tessdataDirectory = "/usr/share/tesseract-ocr/5/tessdata"

    /// Tesseract's OpenMP threads made recognition about twice as slow on 2 cores: one thread.
    /// Called before any engine thread starts (`setenv` is not safe beside other threads).
    private static func limitThreads() {
        // The variable only helps child processes (libgomp read it at load)...
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
            setenv("OMP_THREAD_LIMIT", "1", 1)
            // ... and for this process no nested-parallel level may be active, so one thread.
            omp_set_max_active_levels(0)
        }
    }

    private init(languages: String) throws(SubsError) {
        Self.limitThreads()
        let codes = languages.split(separator: "+").map(String.init)
        let dataDir = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] ?? OCREngine.tessdataDirectory
        for code in codes where !FileManager.default.fileExists(atPath: "\(dataDir)/\(code).traineddata") {
            throw SubsError(.unavailable,
                "OCR language '\(code)' is not installed (no \(code).traineddata in \(dataDir)); install tesseract-ocr-\(code) or pick another with --lang")
        }
        guard let api = TessBaseAPICreate() else { throw SubsError(.failure, "cannot start the OCR engine") }
        guard TessBaseAPIInit3(api, nil, languages) == 0 else {
            TessBaseAPIDelete(api)
            throw SubsError(.unavailable, "the OCR engine could not load languages '\(languages)'; check the tesseract-ocr-* packages")
        }
        // One uniform block: fastest here, and it keeps a label and its amount on one line.
        TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK)
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        // No second try of each doubtful line inverted (light text on dark): whole dark pages are
        // inverted before OCR, and on faint receipts the retries cost ~10% of the time for nothing.
        _ = TessBaseAPISetVariable(api, "tessedit_do_invert", "0")
        self.api = api
        self.languages = languages
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: OCREngine] = [:]

    /// Starts loading the engine for `languages` on another thread, so that its models (~0.6 s
    /// for four languages) load while the page is decoded and prepared. A failure is left for
    /// `shared(languages:)` to report.
    static func preload(languages: String) {
        limitThreads()
        Thread.detachNewThread { _ = try? OCREngine.shared(languages: languages) }
    }

    /// The process-wide engine for `languages` ("eng+fra+deu+spa"), made on first use.
    static func shared(languages: String) throws(SubsError) -> OCREngine {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let engine = cache[languages] { return engine }
        let engine = try OCREngine(languages: languages)
        cache[languages] = engine
        return engine
    }

    /// Recognises one prepared page and returns its words with boxes (in `raster` pixels),
    /// confidences 0...1 and line numbers.
    ///
    /// The page is read as one uniform block (fast, keeps "label ... amount" lines whole). That
    /// mode drops text much larger than the body, typically the brand at the top of a receipt, so
    /// an empty band in the header (above the first confidently read line, or between two lines)
    /// that holds ink is read again on its own and its lines are put in their place.
    func recognize(_ raster: Raster, dpi: Int, page: Int) -> TextPage {
        lock.lock()
        defer {
            TessBaseAPIClear(api)
            lock.unlock()
        }
        var words = read(raster, mode: PSM_SINGLE_BLOCK, dpi: dpi, page: page)
        var inserted: [(beforeY: Int, words: [WordBox])] = []
        for band in Self.headerGaps(words, pageHeight: raster.height) {
            // A fresh image of the band: re-reading a rectangle of the thresholded page gave noise.
            // Alone in its band, big text is uniform again, so the fast block mode reads it (sparse
            // mode took seconds on a scanned page's noisy margin). A blank band (scan noise only) is
            // skipped: Tesseract's own threshold turns its noise into thousands of blobs.
            guard let strip = raster.cropped(x: 0, y: band.lowerBound, width: raster.width, height: band.count),
                strip.darkFraction() > 0.003
            else { continue }
            // Whole lines are kept or dropped (a name loses no word that OCR was less sure of);
            // noise from stamps and logos reads as lines of low confidence.
            let bandWords = read(strip, mode: PSM_SINGLE_BLOCK, dpi: dpi, page: page)
            let keptLines = Set(Dictionary(grouping: bandWords, by: \.line).filter { _, ws in
                ws.map(\.confidence).reduce(0, +) / Double(ws.count) >= 0.5 && ws.contains { $0.text.count >= 2 }
            }.keys)
            let found = bandWords.filter { keptLines.contains($0.line) }.map { w in
                var w = w
                w.y += band.lowerBound
                return w
            }
            if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
                FileHandle.standardError.write(Data("header band \(band): \(found.map(\.text))\n".utf8))
            }
            if !found.isEmpty { inserted.append((band.upperBound, found)) }
        }
        if !inserted.isEmpty { words = Self.merging(inserted, into: words) }
        return TextPage(page: page, source: .ocr, words: words, width: raster.width, height: raster.height)
    }

    /// Bands of the header (top quarter) where no line was read with confidence but big text may
    /// be: above the first confident line, and gaps between lines taller than two and a half body
    /// lines. At most three bands, top first.
    static func headerGaps(_ words: [WordBox], pageHeight: Int) -> [Range<Int>] {
        let heights = words.map(\.height).sorted()
        guard !heights.isEmpty else { return [] }
        let body = heights[heights.count / 2]
        // Stamps, handwriting and specks are read with low confidence or odd sizes: they do not count.
        let solid = words.filter { $0.confidence >= 0.5 && $0.height <= body * 2 && $0.height * 2 >= body }
            .sorted { $0.y < $1.y }
        guard let first = solid.first else { return [] }
        let limit = pageHeight / 4
        var bands: [Range<Int>] = []
        if first.y > max(40, pageHeight / 40) {
            bands.append(max(0, first.y - 2 - limit)..<(first.y - 2))
        }
        var bottom = first.y + first.height
        for w in solid.dropFirst() {
            if w.y > limit { break }
            if w.y - bottom > body * 5 / 2 {
                bands.append((bottom + 2)..<(w.y - 2))
            }
            bottom = max(bottom, w.y + w.height)
        }
        return Array(bands.filter { $0.count > 8 }.prefix(3))
    }

    /// The words of re-read bands put among the page's lines: each band's lines go before the
    /// first page line that starts below the band. Lines are renumbered top to bottom.
    static func merging(_ bands: [(beforeY: Int, words: [WordBox])], into words: [WordBox]) -> [WordBox] {
        var pageLines: [[WordBox]] = []
        for w in words {
            if let last = pageLines.last?.last, last.line == w.line { pageLines[pageLines.count - 1].append(w) } else { pageLines.append([w]) }
        }
        // Where a page line starts: its confident words, so a stamp run into the line does not lift it;
        // and words of letters or digits, so a scan's edge read as a bar ("|") does not either.
        func top(_ line: [WordBox]) -> Int {
            (line.filter { $0.confidence >= 0.5 && $0.text.contains { $0.isLetter || $0.isNumber } }.map(\.y).min()
                ?? line.map(\.y).min()) ?? 0
        }
        var ordered: [[WordBox]] = []
        var pending = bands.sorted { $0.beforeY < $1.beforeY }
        for line in pageLines {
            while let band = pending.first, top(line) >= band.beforeY - 4 {
                var bandLines: [[WordBox]] = []
                for w in band.words {
                    if let last = bandLines.last?.last, last.line == w.line { bandLines[bandLines.count - 1].append(w) } else { bandLines.append([w]) }
                }
                ordered += bandLines
                pending.removeFirst()
            }
            ordered.append(line)
        }
        for band in pending { ordered.append(band.words) }
        var out: [WordBox] = []
        for (n, line) in ordered.enumerated() {
            for var w in line {
                w.line = n
                out.append(w)
            }
        }
        return out
    }

    /// Reads one text line again on its own: the line's box (with a margin) cut from the prepared
    /// page, enlarged by `rereadScale(lineHeight:)` (or scaled by `scale`), in single-line mode. Words
    /// come back in page pixels with `line` set to `line`. Empty when nothing was read.
    ///
    /// A tilted line (`tilt`: the clockwise turn in radians that levels it, and the height of its
    /// letters) is cut out with all its box, levelled, and read from a band as high as its letters:
    /// the box of a tilted line holds parts of the lines above and below, which single-line mode
    /// reads as noise.
    func rereadLine(
        _ raster: Raster, box: Raster.PixelBox, dpi: Int, page: Int, line: Int, scale: Double? = nil,
        tilt: LineTilt? = nil
    ) -> [WordBox] {
        let height = tilt?.letterHeight ?? box.height
        let marginY = max(4, height / 2), marginX = max(8, height)
        let x0 = max(0, box.x - marginX), y0 = max(0, box.y - marginY)
        let x1 = min(raster.width, box.x + box.width + marginX), y1 = min(raster.height, box.y + box.height + marginY)
        guard x1 - x0 > 8, y1 - y0 > 8, var crop = raster.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0) else { return [] }
        // Where the band starts in the crop, and how a point of the band maps back onto the page.
        var bandTop = 0
        var toPage: (Double, Double) -> (x: Double, y: Double) = { (Double(x0) + $0, Double(y0) + $1) }
        if let tilt {
            let cx = Double(crop.width) / 2, cy = Double(crop.height) / 2
            let (sinA, cosA) = (sin(tilt.radians), cos(tilt.radians))
            // The box's middle lies on the line; turning about the crop's centre moves it here.
            let mx = Double(box.x + box.width / 2 - x0) - cx, my = Double(box.y + box.height / 2 - y0) - cy
            let levelY = cy + mx * sinA + my * cosA
            bandTop = max(0, Int(levelY) - height / 2 - marginY)
            let bandHeight = min(crop.height - bandTop, height + 2 * marginY)
            guard bandHeight > 8, let turned = crop.rotated(by: tilt.radians),
                let band = turned.cropped(x: 0, y: bandTop, width: turned.width, height: bandHeight)
            else { return [] }
            crop = band
            toPage = { x, y in
                let (dx, dy) = (x - cx, y - cy)
                return (Double(x0) + cx + dx * cosA + dy * sinA, Double(y0) + cy - dx * sinA + dy * cosA)
            }
        }
        let factor = scale ?? Self.rereadScale(lineHeight: height)
        guard let strip = factor != 1 ? crop.scaled(by: factor) : crop else { return [] }
        lock.lock()
        defer {
            TessBaseAPIClear(api)
            lock.unlock()
        }
        return read(strip, mode: PSM_SINGLE_LINE, dpi: Int(Double(dpi) * factor), page: page).map { w in
            var w = w
            let at = toPage(Double(w.x) / factor, Double(bandTop) + Double(w.y) / factor)
            w.x = Int(at.x)
            w.y = Int(at.y)
            w.width = Int(Double(w.width) / factor)
            w.height = Int(Double(w.height) / factor)
            w.line = line
            return w
        }
    }

    /// How far a printed line is turned from level: the clockwise turn in radians that levels it,
    /// and the height of its letters.
    struct LineTilt {
        var radians: Double
        var letterHeight: Int
    }

    /// How much a line `lineHeight` pixels high is enlarged to be read alone: characters around
    /// 40 px high read best alone on a line; enlarging by less than 1.15x reads no better.
    static func rereadScale(lineHeight: Int) -> Double {
        let wanted = min(3, max(1, 40 / Double(max(1, lineHeight))))
        return wanted > 1.15 ? wanted : 1
    }

    /// `word` with letters of other alphabets that the models read for one of ours put back: the
    /// dotless "ı" (Turkish) for "i" whose dot was lost in a scan ("Sımıve"). Left as read when
    /// Turkish or Azerbaijani is among `languages`.
    static func inOwnAlphabet(_ word: String, languages: String) -> String {
        guard word.contains("ı"), !languages.split(separator: "+").contains(where: { $0 == "tur" || $0 == "aze" }) else { return word }
        return word.replacingOccurrences(of: "ı", with: "i")
    }

    /// Reads `image` in `mode`: its words, with boxes in its pixels. The caller holds the lock.
    private func read(_ image: Raster, mode: TessPageSegMode, dpi: Int, page: Int) -> [WordBox] {
        TessBaseAPIClear(api)
        TessBaseAPISetPageSegMode(api, mode)
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(dpi))
        return readWords(page: page, lineOffset: 0)
    }

    /// Runs recognition on the current image/rectangle and reads the words.
    private func readWords(page: Int, lineOffset: Int) -> [WordBox] {
        guard TessBaseAPIRecognize(api, nil) == 0, let it = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(it) }
        let pageIt = TessResultIteratorGetPageIterator(it)
        var words: [WordBox] = []
        var line = -1
        repeat {
            if TessPageIteratorIsAtBeginningOf(pageIt, RIL_TEXTLINE) != 0 { line += 1 }
            guard let cText = TessResultIteratorGetUTF8Text(it, RIL_WORD) else { continue }
            let text = String(cString: cText)
            TessDeleteText(cText)
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            _ = TessPageIteratorBoundingBox(pageIt, RIL_WORD, &l, &t, &r, &b)
            let conf = Double(TessResultIteratorConfidence(it, RIL_WORD)) / 100
            let trimmed = Self.inOwnAlphabet(text.trimmingCharacters(in: .whitespaces), languages: languages)
            if trimmed.isEmpty { continue }
            words.append(WordBox(
                text: trimmed, confidence: max(0, min(1, conf)),
                x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t), line: max(line, 0) + lineOffset, page: page))
        } while TessResultIteratorNext(it, RIL_WORD) != 0
        return words
    }
}
