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

@Suite struct OCRAlphabetTests {
    @Test func aDotlessIReadInOurLanguagesIsAnI() {
        #expect(OCREngine.inOwnAlphabet("Sımıve", languages: "eng+fra+deu+spa") == "Simive")
        #expect(OCREngine.inOwnAlphabet("Sımıve", languages: "tur+eng") == "Sımıve")
        #expect(OCREngine.inOwnAlphabet("Total", languages: "eng") == "Total")
    }
}
