import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// End to end through Tesseract on images this test renders itself (DejaVu Sans via ImageMagick).
/// A handful only: each OCR pass costs about a second.
@Suite(.serialized) struct OCRTests {
    let scanner = InvoiceScanner()

    static let receipt = [
        "Quillpost",
        "Your receipt",
        "Invoice date: 14 March 2026",
        "Pro plan, billed monthly        £7.99",
        "VAT 20%                         £1.33",
        "Total paid                      £7.99",
        "Next payment: 14 April 2026",
    ]

    @Test func screenshotEndToEnd() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let url = dir.path("receipt.png")
        try Fixtures.renderText(Self.receipt, to: url)
        let r = try scanner.scan(url)
        #expect(r.source == .ocr)
        #expect(r.mediaType == .png)
        #expect(r.amount.value == Decimal(string: "7.99"))
        #expect(r.currency.value?.code == "GBP")
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 3, day: 14))
        #expect(r.nextBillingDate.value == LocalDate(year: 2026, month: 4, day: 14))
        #expect(r.frequency.value == .monthly && r.frequencyStated)
        #expect(r.name.value == "Quillpost")
        #expect(!r.pages[0].words.isEmpty && r.pages[0].words.allSatisfy { (0...1).contains($0.confidence) })
    }

    @Test func darkModeSmallScreenshot() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let url = dir.path("dark.png")
        // 600 px wide, light text on black: upscaled and inverted before OCR.
        try Fixtures.renderText(["Your receipt", "Montant TTC   12,50 €", "Date de facture : 03/02/2026"],
                                to: url, width: 600, pointSize: 15, extra: ["-negate"])
        let r = try scanner.scan(url)
        #expect(r.amount.value == Decimal(string: "12.50"))
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 2, day: 3))
    }

    @Test func exifRotatedPhoto() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let upright = dir.path("upright.png")
        try Fixtures.renderText(["Receipt", "Gesamtbetrag   49,90 €", "Rechnungsdatum: 2. Mai 2026"], to: upright)
        // Pixels stored turned a quarter left, with EXIF orientation 6 saying "turn right to view".
        let url = dir.path("photo.jpg")
        let turned = dir.path("turned.jpg")
        let status = try Fixtures.run("convert", [upright.path, "-rotate", "-90", "-quality", "92", turned.path])
        try #require(status == 0)
        try Fixtures.withExifOrientation(6, jpeg: try Data(contentsOf: turned)).write(to: url)
        let r = try scanner.scan(url)
        #expect(r.amount.value == Decimal(string: "49.90"))
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 5, day: 2))
    }

    /// A page long enough for its ascenders and descenders to tell which way is up.
    static let letter = [
        "Bramblewood Allotment Society",
        "Membership invoice, issued 9 February 2026",
        "Dear member, thank you for keeping your plot with us this year.",
        "Your yearly membership covers the water supply, the shared tools",
        "and the upkeep of the paths, hedges and gates during the season.",
        "Annual plot rent, billed yearly                    £64.00",
        "Total paid                                         £64.00",
        "Please keep this letter with your records.",
    ]

    /// Pages without an EXIF tag that are turned: photographed sideways, scanned upside down.
    @Test(arguments: [90, 180, 270]) func turnedPageWithoutExif(degrees: Int) throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let upright = dir.path("upright.png")
        try Fixtures.renderText(Self.letter, to: upright, width: 1400)
        let url = dir.path("turned.png")
        try #require(try Fixtures.run("convert", [upright.path, "-rotate", "\(degrees)", url.path]) == 0)
        let r = try scanner.scan(url)
        #expect(r.amount.value == Decimal(string: "64.00"))
        #expect(r.currency.value?.code == "GBP")
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 2, day: 9))
        #expect(r.frequency.value == .yearly && r.frequencyStated)
    }

    @Test func notAnInvoiceGivesNulls() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let url = dir.path("menu.png")
        try Fixtures.renderText(["Menu of the day", "Tomato soup          6.50", "Fish and chips      14.00",
                                 "Open Tuesday to Saturday"], to: url)
        let r = try scanner.scan(url)
        #expect(r.amount.value == nil && r.currency.value == nil && r.name.value == nil && r.billingDate.value == nil)
    }
}

@Suite(.serialized) struct LineRereadTests {
    @Test func aLineReReadUnenlargedKeepsItsWordsWhereThePageHasThem() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let raster = try Fixtures.renderedRaster(["NORTHWIND HARDWARE SUPPLY TRADING"], in: dir, name: "line.png")
        let engine = try OCREngine.shared(languages: "eng")
        let page = engine.recognize(raster, dpi: 300, page: 1)
        let words = page.words.filter { $0.text.count > 3 }
        try #require(words.count >= 4)
        let x0 = words.map(\.x).min()!, x1 = words.map { $0.x + $0.width }.max()!
        let mid = words.map { $0.y + $0.height / 2 }.reduce(0, +) / words.count
        // A box 36 px high: enlarging to 40 px would be under 1.15x, so the line is read as it is.
        let box = Raster.PixelBox(x: x0, y: mid - 18, width: x1 - x0, height: 36)
        #expect(OCREngine.rereadScale(lineHeight: box.height) == 1)
        let again = engine.rereadLine(raster, box: box, dpi: 300, page: 1, line: 0)
        let last = try #require(words.last), reread = try #require(again.last)
        #expect(reread.text == last.text)
        #expect(abs(reread.x - last.x) <= 6)
    }

    /// Read smaller (an enlarged page's line at the size it came in), the words still come back
    /// where the page has them.
    @Test func aLineReReadSmallerKeepsItsWordsWhereThePageHasThem() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let raster = try #require(
            try Fixtures.renderedRaster(["NORTHWIND HARDWARE SUPPLY TRADING"], in: dir, name: "line.png").scaled(by: 2))
        let engine = try OCREngine.shared(languages: "eng")
        let words = engine.recognize(raster, dpi: 600, page: 1).words.filter { $0.text.count > 3 }
        try #require(words.count >= 4)
        let x0 = words.map(\.x).min()!, x1 = words.map { $0.x + $0.width }.max()!
        let y0 = words.map(\.y).min()!, y1 = words.map { $0.y + $0.height }.max()!
        let box = Raster.PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let again = engine.rereadLine(raster, box: box, dpi: 600, page: 1, line: 0, scale: 0.5)
        #expect(again.map(\.text) == words.map(\.text))
        for (w, r) in zip(words, again) {
            #expect(abs(r.x - w.x) <= 8 && abs(r.width - w.width) <= 12 && abs(r.y - w.y) <= 8, "\(w) \(r)")
        }
    }
}

/// A name's line re-read into something the name no longer comes from is no better reading.
@Suite(.serialized) struct NameRereadTests {
    /// The page read the web address the name comes from doubtfully, with its dots; the re-read is
    /// surer but reads it without them ("www lavoir-express fr": printed so here). The name, printed
    /// on another line, stands; a name read from the address alone moves with the surer reading.
    @Test func aReReadThatLosesTheNamesSourceIsNotTaken() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let scanner = InvoiceScanner()
        let engine = try OCREngine.shared(languages: "eng+fra")
        func reread(header: [String]) throws -> (first: ScannedField<String>, again: ScannedField<String>) {
            let raster = try Fixtures.renderedRaster(
                header + ["Date du paiement 16 septembre 2025", "Montant paye 24,90 EUR", "Tel. 04 83 43 91 92 - www lavoir-express fr"],
                in: dir, name: "bill-\(header.count).png")
            var page = engine.recognize(raster, dpi: 300, page: 1)
            // The first reading: the address's last words read as one, with its dots, doubtfully.
            let lastLine = try #require(page.words.map(\.line).max())
            let address = page.words.filter { $0.line == lastLine }
            let www = try #require(address.firstIndex { $0.text.lowercased() == "www" })
            var merged = address[www]
            merged.text = "www.lavoir-express.fr"
            merged.width = address.last!.x + address.last!.width - merged.x
            var firstReading = Array(address[..<www]) + [merged]
            for k in firstReading.indices { firstReading[k].confidence = 0.7 }
            page.words = page.words.filter { $0.line != lastLine } + firstReading
            var pages = [page]
            let extraction = scanner.extractor.extract(pages: pages)
            let again = scanner.rereadingKeyLines(extraction, pages: &pages, rasters: [1: .init(raster: raster, dpi: 300, enlargement: 1)])
            return (extraction.name, again.name)
        }
        let printed = try reread(header: ["Lavoir Express                       FACTURE", "Blanchisserie Martin et Fils SARL"])
        try #require(printed.first.value == "Lavoir Express" && printed.first.evidence?.hasSuffix("www.lavoir-express.fr") == true,
                     "\(printed.first)")
        #expect(printed.again.value == "Lavoir Express", "\(printed.again)")
        let alone = try reread(header: ["FACTURE"])
        try #require(alone.first.evidence?.hasSuffix("www.lavoir-express.fr") == true, "\(alone.first)")
        #expect(alone.again.evidence != alone.first.evidence, "\(alone.again)")
    }
}

/// A letterhead the page misread, read right by both re-reads: the vote is taken when the name
/// then comes from another line that the voted line prints it as (the web address spelling the
/// brand), not only from the voted line itself.
@Suite(.serialized) struct VotedNameTests {
    @Test func aNameReadRightByTheVoteIsTakenWhenAnotherLineConfirmsIt() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let scanner = InvoiceScanner()
        let engine = try OCREngine.shared(languages: "eng")
        let raster = try Fixtures.renderedRaster(
            ["Harbor Lantern Studio   PAYMENT RECEIPT", "Payment date 16 September 2025", "Amount paid 24.90 EUR",
             "Tel. 020 7946 0321 - www.harborlanternstudio.com"],
            in: dir, name: "letterhead.png")
        var page = engine.recognize(raster, dpi: 300, page: 1)
        try #require(page.words.filter { $0.line == 0 }.map(\.text) == ["Harbor", "Lantern", "Studio", "PAYMENT", "RECEIPT"])
        // The first reading: the brand misread, with a word starting lower among capitals (so
        // re-read) and not much less surely than the re-reads (so put to the vote).
        for k in page.words.indices where page.words[k].line == 0 {
            page.words[k].text = ["Harbor": "Harhor", "Lantern": "antern"][page.words[k].text] ?? page.words[k].text
            page.words[k].confidence = 0.92
        }
        var pages = [page]
        let extraction = scanner.extractor.extract(pages: pages)
        try #require(extraction.name.value == "Harhor antern Studio", "\(extraction.name)")
        let again = scanner.rereadingKeyLines(extraction, pages: &pages, rasters: [1: .init(raster: raster, dpi: 300, enlargement: 1)])
        #expect(again.name.value == "Harbor Lantern Studio", "\(again.name)")
    }
}

/// A receipt with a total whose date line the page's reading garbled: that line read again alone.
@Suite(.serialized) struct DateRereadTests {
    /// The page was enlarged for OCR (the test enlarges it twice) and its date line read as
    /// "01701/2026 16:12": the line read again at the size it came in gives the date. Digits that
    /// read as no date alone (an invoice number) give none.
    @Test func aGarbledDateLineIsReadAgainAlone() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let scanner = InvoiceScanner()
        let engine = try OCREngine.shared(languages: "deu+eng")
        func reread(_ lines: [String], garbling: (line: String, as: String)?) throws -> (first: Extraction, again: Extraction) {
            let raster = try #require(try Fixtures.renderedRaster(lines, in: dir, name: "till-\(lines.count).png", pointSize: 24).scaled(by: 2))
            var page = engine.recognize(raster, dpi: 600, page: 1)
            if let garbling {
                let line = try #require(page.words.first { $0.text.contains(garbling.line) }?.line)
                var words = page.words.filter { $0.line == line }
                words[0].text = garbling.as
                page.words = page.words.filter { $0.line != line } + words
            }
            var pages = [page]
            let first = scanner.extractor.extract(pages: pages)
            let kept: [Int: InvoiceScanner.KeptPage] = [1: .init(raster: raster, dpi: 600, enlargement: 2)]
            return (first, scanner.rereadingDateLine(first, pages: &pages, rasters: kept))
        }
        let till = try reread(["Bioladen Kornblume", "Marktplatz 4, 79098 Freiburg", "01/01/2026 16:12   Bon 3928",
                               "Vollkornbrot   3,49", "SUMME EUR   3,49", "EC-Karte   3,49", "Vielen Dank für Ihren Einkauf!"],
                              garbling: ("01/01/2026", "01701/2026"))
        try #require(till.first.billingDate.value == nil && till.first.amount.value == Decimal(string: "3.49"), "\(till.first.amount) \(till.first.billingDate)")
        #expect(till.again.billingDate.value == LocalDate(year: 2026, month: 1, day: 1))
        #expect(till.again.amount.value == Decimal(string: "3.49") && till.again.name.value == till.first.name.value)
        let undated = try reread(["Bioladen Kornblume", "Beleg 2026-4471   Bon 3928", "Vollkornbrot   3,49", "SUMME EUR   3,49",
                                  "EC-Karte   3,49", "Vielen Dank für Ihren Einkauf!"], garbling: nil)
        try #require(undated.first.billingDate.value == nil && undated.first.amount.value != nil)
        #expect(undated.again.billingDate.value == nil)
    }

    @Test func digitsThatLookLikeAMisreadDate() {
        for text in ["2025-11 -04- 16528 Bon 2001", "01701/2026 16:12", "15/22/2025", "4:4 202525508: 02 Bon 0414"] {
            #expect(InvoiceScanner.looksLikeMisreadDate(text), "\(text)")
        }
        for text in ["Tel. 030-1234567", "Kasse 1 Bed.: 104", "Bon 2001", "Vollmilch 1L 1,19 B"] {
            #expect(!InvoiceScanner.looksLikeMisreadDate(text), "\(text)")
        }
    }
}

/// A shop's name printed on a tilted line of an otherwise level slip (a curled receipt): block
/// OCR parts such a line into pieces on lines of their own.
@Suite(.serialized) struct PartedLineTests {
    @Test func aNameLineTiltedApartByOCRIsReadWhole() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        // The address close under the name: a box around the whole tilted line takes in its top.
        let body = [
            "No: 12, Jalan Melur 3, Taman Seri", "Cashier: 04      Date: 20/11/2017", "",
            "Film roll                 18.00", "Batteries                 21.80", "", "TOTAL : RM 39.80",
            "Cash                      50.00", "Change                    10.20",
        ]
        for degrees in [3, 5] {
            let url = dir.path("tilted-\(degrees).png")
            var args = ["-size", "700x520", "xc:white", "-font", font, "-fill", "black", "-pointsize", "26",
                        "-annotate", "\(360 - degrees)x\(360 - degrees)+60+80", "NORTHWIND CAMERA GALLERY SDN BHD", "-pointsize", "22"]
            for (i, line) in body.enumerated() where !line.isEmpty { args += ["-annotate", "+80+\(112 + i * 38)", line] }
            try #require(try Fixtures.run("convert", args + [url.path]) == 0)
            let r = try InvoiceScanner().scan(url)
            #expect(r.name.value == "NORTHWIND CAMERA GALLERY SDN BHD", "tilted \(degrees)°")
            #expect(r.amount.value == Decimal(string: "39.80"))
        }
    }

    static func word(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int, line: Int) -> WordBox {
        WordBox(text: text, confidence: 0.95, x: x, y: y, width: width, height: height, line: line, page: 1)
    }

    @Test func theRestOfAPartedLineIsWhatLiesLevelPastItsEnds() {
        func w(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int, line: Int) -> WordBox { Self.word(text, x, y, width, height, line: line) }
        let words = [
            w("BHD", 607, 301, 58, 32, line: 1),
            w("LIGHTROOM", 161, 330, 179, 28, line: 2), w("GALLERY", 362, 310, 223, 69, line: 2), w("SDP", 529, 306, 58, 77, line: 2),
            w("No:", 219, 367, 43, 24, line: 3), w("28,", 286, 366, 39, 27, line: 3), w("JALAN", 336, 361, 83, 32, line: 3),
        ]
        let lines = TextLine.lines(of: [TextPage(page: 1, source: .ocr, words: words, width: 835, height: 2333)])
        #expect(InvoiceScanner.partedRest(of: lines[1], among: words).map(\.text) == ["BHD"])
        // From the piece, the rest is the line it was parted from (not the address under both).
        #expect(InvoiceScanner.partedRest(of: lines[0], among: words).map(\.text) == ["LIGHTROOM", "GALLERY", "SDP"])
        #expect(InvoiceScanner.partedRest(of: lines[2], among: words).isEmpty)
        // A word level with the line but far past its end, or above its middle, is another line's.
        let far = [w("BHD", 800, 301, 58, 32, line: 1)] + words.dropFirst()
        #expect(InvoiceScanner.partedRest(of: lines[1], among: Array(far)).isEmpty)
        let above = [w("BHD", 607, 270, 58, 32, line: 1)] + words.dropFirst()
        #expect(InvoiceScanner.partedRest(of: lines[1], among: Array(above)).isEmpty)
    }

    /// A name's line re-read keeps the capitals the page read ("werkhaus" re-read from "Werkhaus");
    /// other changes of the re-read stand.
    @Test func aRereadKeepsTheCapitalsThePageRead() {
        let page = [Self.word("©", 10, 10, 20, 30, line: 0), Self.word("Werkhaus", 40, 10, 160, 30, line: 0),
                    Self.word("Coworking", 210, 10, 180, 30, line: 0)]
        let again = [Self.word("©", 10, 10, 20, 30, line: 0), Self.word("werkhaus", 40, 10, 160, 30, line: 0),
                     Self.word("Coworklng", 210, 10, 180, 30, line: 0), Self.word("gmbh", 400, 10, 80, 30, line: 0)]
        #expect(InvoiceScanner.keepingCapitals(of: page, in: again).map(\.text) == ["©", "Werkhaus", "Coworklng", "gmbh"])
    }

    @Test func aLinesTiltIsMeasuredFromItsFirstAndLastWords() throws {
        func w(_ text: String, _ x: Int, _ y: Int, _ width: Int, _ height: Int, line: Int) -> WordBox { Self.word(text, x, y, width, height, line: line) }
        let climbing = [w("NORTHWIND", 95, 73, 252, 52, line: 0), w("CAMERA", 364, 50, 169, 59, line: 0), w("BHD", 839, 23, 86, 37, line: 0)]
        let tilt = try #require(InvoiceScanner.tilt(of: climbing))
        #expect(tilt.radians > 0.06 && tilt.radians < 0.09)  // climbing 4-5° to the right: turned clockwise
        #expect(tilt.letterHeight == 37)
        let falling = climbing.map { b in var b = b; b.y = 200 - b.y - b.height; return b }
        #expect((InvoiceScanner.tilt(of: falling)?.radians ?? 0) < -0.06)
        let level = [w("Film", 82, 214, 42, 16, line: 0), w("roll", 134, 214, 30, 16, line: 0), w("18.00", 287, 216, 60, 16, line: 0)]
        #expect(InvoiceScanner.tilt(of: level) == nil)
    }

    @Test func aDotlessIReadInOurLanguagesIsAnI() {
        #expect(OCREngine.inOwnAlphabet("Sımıve", languages: "eng+fra+deu+spa") == "Simive")
        #expect(OCREngine.inOwnAlphabet("Sımıve", languages: "tur+eng") == "Sımıve")
        #expect(OCREngine.inOwnAlphabet("Total", languages: "eng") == "Total")
    }
}

/// A letterhead's initials whose stops the page's reading dropped ("SHH," for "S.H.H."): put back
/// from the page image, and the name extracted again with them.
@Suite(.serialized) struct InitialDotsRestoringTests {
    @Test func theNamesInitialsGetTheirStopsBack() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let scanner = InvoiceScanner()
        let engine = try OCREngine.shared(languages: "eng")
        let raster = try Fixtures.renderedRaster(
            ["S.H.H. MOTOR SDN. BHD.", "Payment date 16 September 2025", "Amount paid 24.90 EUR"], in: dir, name: "initials.png")
        var page = engine.recognize(raster, dpi: 300, page: 1)
        let initials = try #require(page.words.firstIndex { $0.text == "S.H.H." })
        page.words[initials].text = "SHH,"
        var pages = [page]
        let extraction = scanner.extractor.extract(pages: pages)
        try #require(extraction.name.value?.hasPrefix("SHH") == true, "\(extraction.name)")
        let restored = scanner.restoringInitialDots(extraction, pages: &pages, rasters: [1: .init(raster: raster, dpi: 300, enlargement: 1)])
        #expect(restored.name.value?.hasPrefix("S.H.H. MOTOR") == true, "\(restored.name)")
        #expect(pages[0].words[initials].text == "S.H.H.")
    }
}
