import Foundation

/// Lines of an OCR'd page read a second time, alone and enlarged: block-mode OCR misreads letters of a
/// letterhead's big or faint type, and of a till's thin print, that a line read alone often gets right. Both
/// readings go to the extractor, whose candidates from a re-read are marked so, and the scorer weighs them.
/// Which lines: those the fields are likeliest to come from, read with some doubt: the first lines of the
/// first page (the vendor's name) and lines labelled as a total or a date. No extraction is needed to choose.
enum LineRereads {
    /// Lines read at least this surely are left as they are.
    static let sureConfidence = 0.93
    /// Lines read this badly are mostly noise, and come back no better.
    static let hopelessConfidence = 0.45
    static let headLines = 5
    static let maxPerPage = 6

    static let labelRoles: [LabelRole] = [.total, .paid, .totalWeak, .dateInvoice, .datePayment, .dateGeneric]

    /// The page's line numbers worth a second reading, the head's first.
    static func chosen(_ page: TextPage) -> [Int] {
        let lines = TextLine.lines(of: [page]).filter { !$0.words.isEmpty }
        func doubtful(_ l: TextLine) -> Bool {
            let c = l.confidence
            return c < sureConfidence && c >= hopelessConfidence && l.text.filter(\.isLetter).count >= 2
        }
        var out: [Int] = []
        if page.page == 1 {
            for l in lines.prefix(headLines) where doubtful(l) { out.append(l.words[0].line) }
        }
        for l in lines where doubtful(l) && !out.contains(l.words[0].line) {
            let tokens = DocumentModel.tokenize(l.text).map(\.text)
            let roles = DocumentModel.lexicon.hits(in: tokens).reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
            if labelRoles.contains(where: roles.contains) { out.append(l.words[0].line) }
        }
        return Array(out.prefix(maxPerPage))
    }

    /// The chosen lines read again alone; a reading that gives back the same words is dropped.
    static func reread(_ page: TextPage, raster: Raster, dpi: Int, engine: OCREngine) -> [[WordBox]] {
        var out: [[WordBox]] = []
        for number in chosen(page) {
            let words = page.words.filter { $0.line == number }
            guard let x0 = words.map(\.x).min(), let x1 = words.map({ $0.x + $0.width }).max() else { continue }
            // The box of the line's usual words: a tall speck or stamp mark would swell it.
            let heights = words.map(\.height).sorted()
            let typical = heights[heights.count / 2]
            let core = words.filter { $0.height <= typical * 3 / 2 }
            let top = core.map(\.y).min() ?? 0, bottom = core.map { $0.y + $0.height }.max() ?? 0
            guard bottom > top else { continue }
            let again = engine.rereadLine(raster, box: Raster.PixelBox(x: x0, y: top, width: x1 - x0, height: bottom - top),
                                          dpi: dpi, page: page.page, line: number)
            guard !again.isEmpty, again.map(\.text) != words.map(\.text) else { continue }
            out.append(again)
        }
        return out
    }
}
