import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// Bad input is refused with one line naming the reason and the fix, before any pixel is decoded.
@Suite struct LoaderTests {
    let scanner = InvoiceScanner()

    func failure(_ url: URL, options: ScanOptions = ScanOptions()) -> SubsError? {
        do {
            _ = try InvoiceScanner(options: options).scan(url)
            return nil
        } catch {
            return error
        }
    }

    /// A PNG header claiming `width` x `height`, with a valid end chunk.
    func pngHeader(width: UInt32, height: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        d.append(Data("IHDR".utf8))
        for v in [width, height] { withUnsafeBytes(of: v.bigEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: [8, 2, 0, 0, 0, 0, 0, 0, 0])  // depth, colour, ..., CRC (unchecked)
        d.append(contentsOf: [0, 0, 0, 0])
        d.append(Data("IEND".utf8))
        d.append(contentsOf: [0xAE, 0x42, 0x60, 0x82])
        return d
    }

    @Test func detectsTypesByMagicBytes() {
        #expect(MediaType.detect(pngHeader(width: 1, height: 1)) == .png)
        #expect(MediaType.detect(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == .jpeg)
        #expect(MediaType.detect(Data("GIF89a\u{1}\0\u{1}\0".utf8)) == .gif)
        #expect(MediaType.detect(Data("II*\0\u{8}\0\0\0".utf8)) == .tiff)
        #expect(MediaType.detect(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(MediaType.detect(Data([0, 0, 0, 0x18]) + Data("ftypheic\0\0\0\0".utf8)) == .heif)
        #expect(MediaType.detect(Data("%PDF-1.7\n".utf8)) == .pdf)
        #expect(MediaType.detect(Data("hello, world".utf8)) == nil)
    }

    @Test func readsDimensionsFromHeaders() {
        #expect(ImageHeader.read(pngHeader(width: 1170, height: 2532), type: .png) == .init(width: 1170, height: 2532))
        var gif = Data("GIF89a".utf8)
        gif.append(contentsOf: [0x10, 0x02, 0x20, 0x01])
        #expect(ImageHeader.read(gif, type: .gif) == .init(width: 528, height: 288))
    }

    @Test func emptyFile() throws {
        let dir = try TempDir()
        let e = failure(try dir.file("empty.png", Data()))
        #expect(e?.kind == .data)
        #expect(e?.message.contains("is empty") == true)
    }

    @Test func missingFile() throws {
        let dir = try TempDir()
        let e = failure(dir.path("nope.pdf"))
        #expect(e?.kind == .noInput)
    }

    @Test func textFileIsNotADocument() throws {
        let dir = try TempDir()
        let e = failure(try dir.file("invoice.png", Data("Total 15.99 EUR\n".utf8)))
        #expect(e?.message.contains("is a text file") == true)
        let bin = failure(try dir.file("blob.pdf", Data((0..<512).map { UInt8(($0 * 37 + 11) % 256) })))
        #expect(bin?.message.contains("not a supported document") == true)
    }

    @Test func decompressionBombIsRefusedFromTheHeader() throws {
        let dir = try TempDir()
        let clock = ContinuousClock()
        let start = clock.now
        let e = failure(try dir.file("bomb.png", pngHeader(width: 40_000, height: 40_000)))
        #expect(e?.message.contains("1600 megapixels") == true)
        #expect(e?.message.contains("100-megapixel limit") == true)
        #expect(clock.now - start < .seconds(1))
    }

    @Test func oversizedFile() throws {
        let dir = try TempDir()
        let url = dir.path("huge.pdf")
        FileManager.default.createFile(atPath: url.path, contents: Data("%PDF-1.4\n".utf8))
        let h = try FileHandle(forWritingTo: url)
        try h.truncate(atOffset: 51 * 1024 * 1024)  // sparse: costs no disk
        try h.close()
        let e = failure(url)
        #expect(e?.message.contains("over the 50 MB limit") == true)
    }

    @Test func truncatedPNG() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let full = dir.path("full.png")
        try Fixtures.renderText(["Total 9.99"], to: full)
        let data = try Data(contentsOf: full)
        let e = failure(try dir.file("cut.png", data.prefix(data.count / 2)))
        #expect(e?.message.contains("truncated or corrupt (PNG)") == true)
    }

    /// JPEGs other image tools open are read: with data after the image (a phone's trailer, a second
    /// picture), and cut short (read as far as it goes, with a warning).
    @Test func jpegsOtherToolsOpenAreRead() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let png = dir.path("page.png")
        try Fixtures.renderText(["Harbor Lane Hosting", "Invoice date: 3 February 2026", "Total due EUR 24.60"], to: png)
        let jpg = dir.path("page.jpg")
        _ = try Fixtures.run("convert", [png.path, "-quality", "85", jpg.path])
        let data = try Data(contentsOf: jpg)
        var trailed = data
        trailed.append(Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        let withTrailer = try scanner.scan(try dir.file("trailer.jpg", trailed))
        #expect(withTrailer.text.contains("Harbor"))
        #expect(!withTrailer.warnings.contains { $0.contains("ends early") })
        let cut = try scanner.scan(try dir.file("cut.jpg", data.prefix(data.count - 300)))
        #expect(cut.text.contains("Harbor"))
        #expect(cut.warnings.contains { $0.contains("ends early (JPEG)") }, "\(cut.warnings)")
    }

    /// A JPEG whose compressed data is damaged part way ("bad Huffman code") is read as far as other image
    /// tools read it, not refused as damaged.
    @Test func aJPEGWithDamagedDataIsRead() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let png = dir.path("page.png")
        try Fixtures.renderText(["Harbor Lane Hosting", "Invoice date: 3 February 2026", "Total due EUR 24.60", "", "", "", ""], to: png)
        let jpg = dir.path("page.jpg")
        _ = try Fixtures.run("convert", [png.path, "-quality", "85", jpg.path])
        var bytes = [UInt8](try Data(contentsOf: jpg))
        // Bytes overwritten near the end of the scan data; no 0xFF, so no marker is made.
        let at = bytes.count * 9 / 10
        for i in 0..<64 { bytes[at + i] = UInt8((i * 37 + 11) % 255) }
        let damaged = try dir.file("damaged.jpg", Data(bytes))
        #expect(try Fixtures.run("convert", [damaged.path, dir.path("reread.png").path]) == 0, "ImageMagick reads it")
        let result = try scanner.scan(damaged)
        #expect(result.text.contains("Harbor"))
    }

    /// A JPEG of a kind the decoder cannot read is refused naming that kind, not as corrupt.
    @Test func aLosslessJPEGIsRefusedByName() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let png = dir.path("page.png")
        try Fixtures.renderText(["Total 9.99"], to: png)
        let jpg = dir.path("page.jpg")
        _ = try Fixtures.run("convert", [png.path, "-quality", "85", jpg.path])
        var bytes = [UInt8](try Data(contentsOf: jpg))
        // The baseline frame marker (FFC0) made a lossless one (FFC3), as such files carry it.
        let sof = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 1] = 0xC3
        let e = failure(try dir.file("lossless.jpg", Data(bytes)))
        #expect(e?.message.contains("is a lossless JPEG") == true, "\(String(describing: e))")
        #expect(e?.message.contains("corrupt") == false)
    }

    @Test func truncatedPDF() throws {
        let dir = try TempDir()
        let pdf = Fixtures.textPDF(pages: [["Invoice", "Total 9.99 EUR"]])
        let e = failure(try dir.file("cut.pdf", pdf.prefix(pdf.count - 40)))
        #expect(e?.message.contains("truncated or corrupt (PDF)") == true)
    }

    @Test func pageLimit() throws {
        let dir = try TempDir()
        let url = try dir.file("long.pdf", Fixtures.textPDF(pages: Array(repeating: ["Terms and conditions"], count: 12)))
        let e = failure(url)
        #expect(e?.message.contains("has 12 pages, over the limit of 10") == true)
        #expect(e?.message.contains("--max-pages 12") == true)
        var options = ScanOptions()
        options.maxPages = 12
        #expect(failure(url, options: options) == nil)
    }

    @Test func encryptedPDF() throws {
        try #require(Fixtures.which("qpdf") != nil, "qpdf (scripts/install-deps) makes the encrypted fixture")
        let dir = try TempDir()
        let plain = try dir.file("plain.pdf", Fixtures.textPDF(pages: [["Invoice", "Total 9.99 EUR"]]))
        let locked = dir.path("locked.pdf")
        let status = try Fixtures.run("qpdf", ["--encrypt", "user-secret", "owner-secret", "256", "--", plain.path, locked.path])
        try #require(status == 0)
        let e = failure(locked)
        #expect(e?.message.contains("password-protected PDF") == true)
    }

    @Test func misnamedFileIsReadByContentWithAWarning() throws {
        let dir = try TempDir()
        let url = try dir.file("invoice.jpg", Fixtures.textPDF(pages: [["Invoice", "Total paid 12,00 €"]]))
        let r = try scanner.scan(url)
        #expect(r.mediaType == .pdf)
        #expect(r.warnings.contains { $0.contains("named .jpg but is a PDF file") })
    }

    @Test func textLayerPDFIsReadWithoutOCRAcrossPages() throws {
        let dir = try TempDir()
        let url = try dir.file("two-pages.pdf", Fixtures.textPDF(pages: [
            ["Quillpost Ltd", "Invoice", "Invoice date: 12 May 2026", "Annual plan, billed yearly"],
            ["Usage details", "Subtotal   100,00 €", "VAT 20%   20,00 €", "Total paid   120,00 €"],
        ]))
        let r = try scanner.scan(url)
        #expect(r.source == .textLayer)
        #expect(r.pages.count == 2)
        #expect(r.amount.value == Decimal(string: "120.00"))
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 5, day: 12))
        #expect(r.frequency.value == .yearly)
        #expect(r.mediaType == .pdf)
        #expect(r.document.count > 100)
        #expect(r.elapsed < .seconds(2))
    }
}
