import CTesseract
import Foundation
import SubsCore

/// The Tesseract engine for one language set. Initialising costs ~0.2 s with four languages, so an
/// engine is made once per process and language set (`shared(languages:)`) and reused; a lock
/// serialises use because a `TessBaseAPI` is not thread-safe.
final class OCREngine: @unchecked Sendable {
    private let api: OpaquePointer
    private let lock = NSLock()
    let languages: String

    static let tessdataDirectory = "/usr/share/tesseract-ocr/5/tessdata"

    private init(languages: String) throws(SubsError) {
        // Tesseract's OpenMP threads made recognition about twice as slow on 2 cores. The variable
        // only helps child processes (libgomp read it at load); `recognize` limits this one.
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
            setenv("OMP_THREAD_LIMIT", "1", 1)
            // The same for this process: no nested-parallel level may be active, so one thread.
            omp_set_max_active_levels(0)
        }
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
        self.api = api
        self.languages = languages
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: OCREngine] = [:]

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
    /// mode drops text much larger than the body, typically the brand at the top of a receipt,
    /// so when the first line starts well below the top edge, the strip above it is read again
    /// on its own and its lines are put first.
    func recognize(_ raster: Raster, dpi: Int, page: Int) -> TextPage {
        lock.lock()
        defer {
            TessBaseAPIClear(api)
            lock.unlock()
        }
        TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK)
        TessBaseAPISetImage2(api, raster.pix)
        TessBaseAPISetSourceResolution(api, Int32(dpi))
        var words = readWords(page: page, lineOffset: 0)
        let top = words.map(\.y).min() ?? 0
        var header: [WordBox] = []
        if !words.isEmpty, top > max(40, raster.height / 40) {
            // A fresh image of the strip: re-reading a rectangle of the thresholded page gave noise.
            // Alone in its strip, big text is uniform again, so the fast block mode reads it (sparse
            // mode took seconds on a scanned page's noisy margin). At most the top quarter.
            let height = min(top - 2, raster.height / 4)
            // A blank margin (scan noise only) is skipped: Tesseract's own threshold turns its noise
            // into thousands of blobs and seconds of work.
            if height > 8, let strip = raster.cropped(x: 0, y: top - 2 - height, width: raster.width, height: height),
                strip.darkFraction() > 0.003
            {
                TessBaseAPIClear(api)
                TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK)
                TessBaseAPISetImage2(api, strip.pix)
                TessBaseAPISetSourceResolution(api, Int32(dpi))
                header = readWords(page: page, lineOffset: 0).filter { $0.confidence >= 0.5 }
                if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
                    FileHandle.standardError.write(Data("header strip 0..\(top - 2): \(header.map(\.text))\n".utf8))
                }
            }
            if !header.isEmpty {
                let headerLines = (header.map(\.line).max() ?? 0) + 1
                words = header + words.map { w in
                    var w = w
                    w.line += headerLines
                    return w
                }
            }
        }
        return TextPage(page: page, source: .ocr, words: words, width: raster.width, height: raster.height)
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
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            words.append(WordBox(
                text: trimmed, confidence: max(0, min(1, conf)),
                x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t), line: max(line, 0) + lineOffset, page: page))
        } while TessResultIteratorNext(it, RIL_WORD) != 0
        return words
    }
}
