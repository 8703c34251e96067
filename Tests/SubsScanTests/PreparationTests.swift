import Foundation
import SubsCore
import Testing

@testable import SubsScan

/// Page outline and text geometry on pixels and boxes made here, and one photographed page
/// (rendered, distorted and put on a table by ImageMagick) through the whole scan.
@Suite struct PreparationTests {
    /// Leptonica's orientation confidences to quarter turns: a clear direction only.
    @Test(arguments: [
        (12.0, 1.0, 0), (2.0, 9.0, 1), (-1.0, -7.5, 3), (-9.0, 2.0, 2),
        (5.1, 8.7, 1),  // a short sideways page: weaker than leptonica's own 2.5 ratio asks
        (-9.9, -7.0, 0), (3.0, 4.0, 0),  // no clear direction; weak
    ])
    func quarterTurnsFromOrientationCounts(up: Double, left: Double, turns: Int) {
        #expect(InvoiceScanner.uprightQuarterTurns(up: up, left: left) == turns)
    }

    /// A `width` x `height` gray picture: `background` everywhere, the convex quadrilateral
    /// `corners` filled with `paper`, and dark "text" bars inside it.
    func picture(width: Int, height: Int, background: UInt8, paper: UInt8, corners: [(Double, Double)],
                 textBars: Bool = true) -> [UInt8]
    {
        var g = [UInt8](repeating: background, count: width * height)
        func inside(_ x: Double, _ y: Double) -> Bool {
            var sign = 0.0
            for i in 0..<4 {
                let a = corners[i], b = corners[(i + 1) % 4]
                let cross = (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
            return true
        }
        let minX = Int(corners.map(\.0).min()!), maxX = Int(corners.map(\.0).max()!)
        let minY = Int(corners.map(\.1).min()!), maxY = Int(corners.map(\.1).max()!)
        for y in max(0, minY)...min(height - 1, maxY) {
            for x in max(0, minX)...min(width - 1, maxX) where inside(Double(x), Double(y)) {
                g[y * width + x] = paper
                // Lines of "words" in the middle of the sheet.
                if textBars, y > minY + 40, y < maxY - 40, x > minX + 40, x < maxX - 40, (y / 6) % 4 == 0, (x / 9) % 3 != 0 {
                    g[y * width + x] = 40
                }
            }
        }
        return g
    }

    @Test func findsATiltedSheetOnATable() throws {
        let corners = [(60.0, 40.0), (300.0, 55.0), (290.0, 420.0), (45.0, 400.0)]
        let g = picture(width: 360, height: 480, background: 120, paper: 235, corners: corners)
        let outline = try #require(PageOutline.find(gray: g, width: 360, height: 480))
        for (found, drawn) in zip(outline.corners, corners) {
            #expect(abs(found.x - drawn.0) <= 4 && abs(found.y - drawn.1) <= 4, "\(found) vs \(drawn)")
        }
        let size = outline.flattenedSize
        // The longer of each pair of opposite sides: 241 and 365 as drawn, a pixel or two less as found.
        #expect(abs(size.width - 241) < 8 && abs(size.height - 365) < 8, "\(size)")
    }

    @Test func aSheetDarkerThanItsTableIsFoundToo() throws {
        // Only the step at the sheet's edge matters, not which side is brighter.
        let corners = [(50.0, 50.0), (290.0, 60.0), (300.0, 410.0), (40.0, 420.0)]
        let g = picture(width: 360, height: 480, background: 250, paper: 190, corners: corners)
        #expect(PageOutline.find(gray: g, width: 360, height: 480) != nil)
    }

    /// A dark band printed to the sheet's top edge (a letterhead) is part of the sheet, not of the
    /// table: the outline takes in the band, and the brand on it is not cut off.
    @Test func aDarkBandAtTheSheetsTopEdgeBelongsToTheSheet() throws {
        let corners = [(60.0, 40.0), (300.0, 55.0), (290.0, 420.0), (45.0, 400.0)]
        var g = picture(width: 360, height: 480, background: 120, paper: 235, corners: corners)
        let banded = picture(width: 360, height: 480, background: 120, paper: 30, corners: corners, textBars: false)
        // The band: the sheet's top 50 pixels, between its sides.
        for y in 0..<480 {
            for x in 0..<360 where banded[y * 360 + x] == 30 {
                let topY = 40.0 + (Double(x) - 60) * 15 / 240
                if Double(y) < topY + 50 { g[y * 360 + x] = 30 }
            }
        }
        let outline = try #require(PageOutline.find(gray: g, width: 360, height: 480))
        for (found, drawn) in zip(outline.corners, corners) {
            #expect(abs(found.x - drawn.0) <= 4 && abs(found.y - drawn.1) <= 4, "\(found) vs \(drawn)")
        }
        // Something dark the sheet lies against, wider than the sheet, stays out.
        var table = picture(width: 360, height: 480, background: 120, paper: 235, corners: corners)
        for x in 20..<340 {
            let topY = 40.0 + (Double(x) - 60) * 15 / 240
            for y in 5..<480 where Double(y) < topY + 1 && table[y * 360 + x] == 120 { table[y * 360 + x] = 30 }
        }
        let plain = try #require(PageOutline.find(gray: table, width: 360, height: 480))
        #expect(plain.corners[0].y > 35 && plain.corners[1].y > 50, "\(plain.corners)")
    }

    /// A coloured band at the sheet's top edge as gray as the table (a blue letterhead bar on a dark
    /// desk): the gray outline stops under it, and the colours move its top side out over it. A
    /// table of one colour, or a coloured strip wider than the sheet, moves nothing. The sheet may
    /// reach the picture's edge, at a side or at the band's end (little table showing beyond it).
    @Test(arguments: [[(60.0, 40.0), (300.0, 55.0), (290.0, 420.0), (45.0, 400.0)],
                      [(60.0, 40.0), (360.0, 55.0), (333.0, 420.0), (45.0, 400.0)],
                      [(60.0, 0.0), (300.0, 12.0), (290.0, 420.0), (45.0, 400.0)]])
    func aColouredBandAsGrayAsTheTableBelongsToTheSheet(corners: [(Double, Double)]) throws {
        let (w, h) = (360, 480)
        let sheet = picture(width: w, height: h, background: 0, paper: 255, corners: corners, textBars: false)
        func topY(_ x: Int) -> Double { corners[0].1 + (Double(x) - corners[0].0) * (corners[1].1 - corners[0].1) / (corners[1].0 - corners[0].0) }
        /// The photo in colour: `table` around the sheet, white paper, a band 40 pixels deep of `band`
        /// colour with white letters on it, and `strip` (when given) across the whole picture above the sheet.
        func photo(table: (UInt8, UInt8, UInt8), band: (UInt8, UInt8, UInt8), strip: Bool = false) -> [UInt8] {
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                for x in 0..<w {
                    let onSheet = sheet[y * w + x] == 255
                    var c = onSheet ? (235, 235, 235) : (Int(table.0), Int(table.1), Int(table.2))
                    let inBand = Double(y) < topY(x) + 40
                    if (onSheet || strip && Double(y) > topY(x) - 20) && inBand {
                        c = (Int(band.0), Int(band.1), Int(band.2))
                        // Letters: short white strokes in the band's middle.
                        if onSheet, Double(y) > topY(x) + 15, Double(y) < topY(x) + 27, x % 7 < 2 { c = (240, 240, 240) }
                    }
                    rgb[(y * w + x) * 3] = UInt8(c.0)
                    rgb[(y * w + x) * 3 + 1] = UInt8(c.1)
                    rgb[(y * w + x) * 3 + 2] = UInt8(c.2)
                }
            }
            return rgb
        }
        func gray(_ rgb: [UInt8]) -> [UInt8] {
            (0..<(w * h)).map { (i: Int) -> UInt8 in
                let r: Int = 299 * Int(rgb[3 * i]), g: Int = 587 * Int(rgb[3 * i + 1]), b: Int = 114 * Int(rgb[3 * i + 2])
                return UInt8((r + g + b) / 1000)
            }
        }
        // Blue (20, 90, 170) is 79 gray; the desk (80, 80, 80) too.
        let desk = photo(table: (80, 80, 80), band: (20, 90, 170))
        let found = try #require(PageOutline.find(gray: gray(desk), width: w, height: h))
        #expect(found.corners[0].y > corners[0].1 + 30 && found.corners[1].y > corners[1].1 + 30,
                "the gray outline stops under the band: \(found.corners)")
        let extended = found.extendedOverColourBands(rgb: desk, width: w, height: h)
        for (corner, drawn) in zip(extended.corners, corners) {
            #expect(abs(corner.x - drawn.0) <= 4 && abs(corner.y - drawn.1) <= 4, "\(corner) vs \(drawn)")
        }
        // Green on a brown desk, 57 apart in colour.
        let brown = photo(table: (108, 82, 58), band: (80, 130, 44))
        if let browns = PageOutline.find(gray: gray(brown), width: w, height: h) {
            #expect(abs(browns.extendedOverColourBands(rgb: brown, width: w, height: h).corners[0].y - corners[0].1) <= 4)
        }
        // A blue strip running past the sheet's sides is the desk's, not the sheet's.
        let striped = photo(table: (80, 80, 80), band: (20, 90, 170), strip: true)
        if let outline = PageOutline.find(gray: gray(striped), width: w, height: h) {
            #expect(outline.extendedOverColourBands(rgb: striped, width: w, height: h) == outline)
        }
        // No band: the outline found is kept.
        let plain = photo(table: (120, 90, 60), band: (235, 235, 235))
        let plainOutline = try #require(PageOutline.find(gray: gray(plain), width: w, height: h))
        #expect(plainOutline.extendedOverColourBands(rgb: plain, width: w, height: h) == plainOutline)
    }

    /// Paper beyond a crease may be deep; something dark lying flush against the sheet's edge (a
    /// phone, a notebook) is deep too, but not of the paper's tone: it stays out.
    @Test func aDeepDarkObjectAgainstTheSheetStaysOut() throws {
        let corners = [(60.0, 200.0), (300.0, 215.0), (290.0, 440.0), (45.0, 420.0)]
        var g = picture(width: 360, height: 480, background: 120, paper: 235, corners: corners)
        // 120 pixels deep above the sheet's top edge, between its side lines.
        for y in 60..<215 {
            let left = 60 - 15 * (Double(y) - 200) / 220, right = 300 - 10 * (Double(y) - 215) / 225
            for x in Int(left) + 2..<Int(right) - 1 {
                let topY = 200 + (Double(x) - 60) * 15 / 240
                if Double(y) < topY - 1 && Double(y) > topY - 120 { g[y * 360 + x] = 30 }
            }
        }
        let outline = try #require(PageOutline.find(gray: g, width: 360, height: 480))
        #expect(outline.corners[0].y > 190 && outline.corners[1].y > 205, "\(outline.corners)")
    }

    /// A sheet whose corner just touches the frame is still a sheet.
    @Test func aSheetWithACornerAtTheFrameIsFound() throws {
        let corners = [(130.0, 20.0), (340.0, 35.0), (335.0, 481.0), (105.0, 400.0)]
        let g = picture(width: 480, height: 480, background: 70, paper: 225, corners: corners)
        #expect(PageOutline.find(gray: g, width: 480, height: 480) != nil)
    }

    @Test func scansScreenshotsAndCutOffSheetsHaveNoOutline() {
        // All page (a scan or a screenshot): the smooth region reaches the frame.
        let scan = picture(width: 300, height: 400, background: 250, paper: 250, corners: [(0, 0), (299, 0), (299, 399), (0, 399)])
        #expect(PageOutline.find(gray: scan, width: 300, height: 400) == nil)
        // A sheet running out of the picture on the right.
        let cut = picture(width: 300, height: 400, background: 90, paper: 240, corners: [(40, 40), (330, 30), (330, 370), (50, 360)])
        #expect(PageOutline.find(gray: cut, width: 300, height: 400) == nil)
        // A ragged blob is no sheet.
        var blob = [UInt8](repeating: 90, count: 300 * 400)
        for y in 0..<400 {
            for x in 0..<300 {
                let dx = Double(x - 150), dy = Double(y - 200)
                if dx * dx / (120 * 120) + dy * dy / (170 * 170) < 1 { blob[y * 300 + x] = 240 }
            }
        }
        #expect(PageOutline.find(gray: blob, width: 300, height: 400) == nil)
    }

    /// A dark mail app's receipt card lies square on the screen's flat black, among lines of text:
    /// it is no sheet, and the text around it is kept. A slip on a plain ground, a tilted sheet on
    /// a black ground by a pen, or a sheet square on a grained table, is still cut out.
    @Test func aScreensCardIsNotCutOutButASlipOrASheetIs() throws {
        let (width, height) = (390, 844)
        func raster(_ g: [UInt8]) throws -> Raster {
            let rgb = g.flatMap { [$0, $0, $0] }
            return try #require(rgb.withUnsafeBytes { Raster(width: width, height: height, stride: width * 3, layout: .rgb, pixels: $0) }?.grayscale())
        }
        let card = [(16.0, 250.0), (374.0, 250.0), (374.0, 720.0), (16.0, 720.0)]
        var screen = picture(width: width, height: height, background: 0, paper: 28, corners: card)
        for y in 0..<height where ((40..<230).contains(y) || (740..<830).contains(y)) && (y / 5) % 2 == 0 {
            for x in 0..<width where (x / 9) % 3 != 0 { screen[y * width + x] = 230 }
        }
        #expect(PageOutline.find(gray: screen, width: width, height: height) != nil)
        #expect(ImagePreparation.flattenPage(try raster(screen)) == nil)

        let slip = [(60.0, 40.0), (330.0, 40.0), (330.0, 800.0), (60.0, 800.0)]
        let plain = picture(width: width, height: height, background: 90, paper: 240, corners: slip)
        #expect(PageOutline.find(gray: plain, width: width, height: height)?.isSquare == true)
        #expect(ImagePreparation.flattenPage(try raster(plain)) != nil)

        var table = picture(width: width, height: height, background: 0, paper: 235, corners: slip)
        // A tilted sheet in a dark room (the ground clipped to black), a pen beside it.
        var dark = picture(width: width, height: height, background: 0, paper: 225,
                           corners: [(70.0, 60.0), (320.0, 75.0), (305.0, 790.0), (50.0, 770.0)])
        for y in 300..<560 { for x in 345..<355 { dark[y * width + x] = 210 } }
        #expect(ImagePreparation.flattenPage(try raster(dark)) != nil)
        // A wood or stone table: patches of lighter and darker grain.
        var grain = [UInt8](repeating: 0, count: (width / 8 + 1) * (height / 8 + 1))
        var seed: UInt32 = 7
        for k in grain.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            grain[k] = UInt8(40 + (seed >> 16) % 160)
        }
        for i in table.indices where table[i] == 0 { table[i] = grain[(i / width / 8) * (width / 8 + 1) + (i % width) / 8] }
        #expect(PageOutline.find(gray: table, width: width, height: height)?.isSquare == true)
        #expect(ImagePreparation.flattenPage(try raster(table)) != nil)
    }

    func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Raster.PixelBox { Raster.PixelBox(x: x, y: y, width: w, height: h) }

    @Test func smallTextOnABigPageIsMeasuredAndLocated() throws {
        var boxes: [Raster.PixelBox] = []
        // A narrow receipt: 30 lines of 20 characters, 9 px high, in the middle of a 1000x1400 page.
        for line in 0..<30 {
            for c in 0..<20 { boxes.append(box(380 + c * 8, 500 + line * 15, 6, 9)) }
        }
        // Specks and a lone handwritten mark elsewhere on the page.
        boxes += [box(30, 40, 2, 2), box(900, 1300, 3, 3), box(800, 100, 30, 40), box(50, 1200, 1, 6)]
        let g = try #require(TextGeometry.measure(boxes, imageWidth: 1000, imageHeight: 1400))
        #expect(g.characterHeight == 9)
        let content = try #require(g.content)
        #expect(content.x <= 380 && content.x >= 340 && content.x + content.width >= 380 + 19 * 8 + 6)
        #expect(content.y <= 500 && content.y + content.height >= 500 + 29 * 15 + 9)
        #expect(content.x + content.width < 700 && content.y > 400, "the mark at 800,100 stays out")
    }

    @Test func textAllOverThePageIsNotCropped() throws {
        var boxes: [Raster.PixelBox] = []
        for line in 0..<60 {
            for c in 0..<70 { boxes.append(box(20 + c * 14, 20 + line * 23, 10, 16)) }
        }
        let g = try #require(TextGeometry.measure(boxes, imageWidth: 1020, imageHeight: 1420))
        #expect(g.characterHeight == 16)
        #expect(g.content == nil)
        // Too few components to tell anything.
        #expect(TextGeometry.measure(Array(boxes.prefix(10)), imageWidth: 1020, imageHeight: 1420) == nil)
    }

    /// A white page with black "words", one dark band holding light letters, one bare dark strip
    /// and a thick black rule.
    func pageWithPanels(width: Int = 640, height: Int = 900) -> [UInt8] {
        var g = [UInt8](repeating: 245, count: width * height)
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ v: UInt8) {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { g[y * width + x] = v } }
        }
        fill(0, 30, width, 90, 25)  // the letterhead band...
        for c in 0..<12 { fill(60 + c * 24, 60, 12, 26, 235) }  // ...and its light letters
        for line in 0..<20 { for c in 0..<30 { fill(40 + c * 18, 200 + line * 24, 10, 14, 20) } }  // black words
        fill(40, 720, 560, 6, 10)  // a rule
        fill(600, 760, 40, 140, 30)  // a dark strip with nothing on it
        // A bold heading's tightly packed letters, "U"s open at the top.
        for c in 0..<8 { fill(100 + c * 30, 150, 29, 30, 15); fill(110 + c * 30, 150, 8, 12, 245) }
        return g
    }

    @Test func lightLettersOnADarkBandAreFoundAndNothingElse() throws {
        let g = pageWithPanels()
        let panels = DarkPanels.find(gray: g, width: 640, height: 900)
        try #require(panels.count == 1)
        let band = panels[0].box
        #expect(panels[0].ground == 25)
        // The band, to within a tile at its edges.
        #expect(band.y >= 30 && band.y <= 34 && band.y + band.height >= 116 && band.y + band.height <= 120)
        #expect(band.x <= 4 && band.x + band.width >= 636)
        // A page that is mostly dark is a dark-mode page, inverted whole elsewhere.
        let darkPage = g.map { 255 - $0 }
        #expect(DarkPanels.find(gray: darkPage, width: 640, height: 900).isEmpty)
    }

    /// A flattened photo's letterhead band: printed to the sheet's edge, where flattening leaves white
    /// slivers, with a soft lower edge, and only a small line of light letters on it. It is a panel.
    @Test func aBandAtAFlattenedPhotosEdgeIsAPanel() {
        let (width, height) = (1200, 1700)
        var g = [UInt8](repeating: 200, count: width * height)  // paper evened to gray
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ v: UInt8) {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { g[y * width + x] = v } }
        }
        fill(0, 0, width, 113, 12)
        for (i, v) in [25, 60, 140, 190].enumerated() { fill(0, 113 + i, width, 1, UInt8(v)) }  // the soft edge
        fill(0, 0, width, 1, 255)  // the slivers flattening brought in
        fill(width - 3, 0, 3, 30, 255)
        for c in 0..<8 { fill(60 + c * 40, 45, 10, 16, 235) }  // the brand's letters: with the slivers, under 2% of the band
        for line in 0..<30 { for c in 0..<40 { fill(60 + c * 26, 300 + line * 40, 14, 18, 40) } }  // body text
        let panels = DarkPanels.find(gray: g, width: width, height: height)
        #expect(panels.count == 1)
        #expect(panels.first.map { $0.box.y <= 4 && $0.box.height >= 105 } == true)
    }

    /// A flattened photo's band before it is deskewed: its lower edge runs aslant, three tiles lower
    /// at one end than at the other. It is a panel from where its edges are ground; a dark slab
    /// whose edge is not ground that far in (a wedge of shade) is none.
    @Test func aBandWithAnAslantEdgeIsAPanel() {
        let (width, height) = (1200, 1700)
        func page(drop: Int) -> [UInt8] {
            var g = [UInt8](repeating: 200, count: width * height)
            func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ v: UInt8) {
                for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { g[y * width + x] = v } }
            }
            for x in 0..<width { fill(x, 0, 1, 100 + drop * x / width, 30) }
            for c in 0..<8 { fill(60 + c * 40, 40, 10, 16, 235) }  // the brand's letters
            for line in 0..<30 { for c in 0..<40 { fill(60 + c * 26, 300 + line * 40, 14, 18, 40) } }  // body text
            return g
        }
        let aslant = DarkPanels.find(gray: page(drop: 16), width: width, height: height, aslant: true)
        #expect(aslant.count == 1)
        #expect(aslant.first.map { $0.box.y <= 5 && $0.box.height >= 90 && $0.box.height <= 110 } == true, "\(aslant)")
        #expect(DarkPanels.find(gray: page(drop: 60), width: width, height: height, aslant: true).isEmpty)
        // A page that is no flattened photo (a screenshot, a scan) is taken square.
        #expect(DarkPanels.find(gray: page(drop: 16), width: width, height: height).isEmpty)
    }

    /// A lightened panel takes the paper's gray, not white: on a page evened to gray paper, white
    /// panels would split Tesseract's one threshold between paper and panel.
    @Test func aLightenedPanelTakesThePapersGray() throws {
        let (width, height) = (200, 200)
        var rgb = [UInt8](repeating: 200, count: width * height * 3)
        func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ v: UInt8) {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { for k in 0..<3 { rgb[(y * width + x) * 3 + k] = v } } }
        }
        fill(0, 0, width, 40, 20)
        fill(20, 10, 30, 20, 230)  // a light letter
        let gray = try #require(rgb.withUnsafeBytes { Raster(width: width, height: height, stride: width * 3, layout: .rgb, pixels: $0) }?.grayscale())
        let lit = try #require(gray.lighteningPanels([(Raster.PixelBox(x: 0, y: 0, width: width, height: 40), 20)])?.grayBytes())
        #expect(abs(Int(lit[5 * width + 100]) - 200) <= 3)  // the band's ground: the paper
        #expect(lit[20 * width + 30] < 40)  // the letter: dark
        #expect(abs(Int(lit[100 * width + 100]) - 200) <= 1)  // the page as it was
    }
}

@Suite struct DeskewTests {
    /// A few lines at the top of a long white slip, tilted 2 degrees: leptonica is less sure of
    /// the angle than on a full page, and the slip is straightened all the same.
    @Test func aShortReceiptOnATallSlipIsStraightened() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let straight = dir.path("straight.png"), tilted = dir.path("tilted.png")
        try Fixtures.renderText(["CORNER BAKERY", "Bread                 3,20", "Coffee                2,10",
                                 "TOTAL                 5,30 EUR", "CARD                  5,30"], to: straight, width: 700)
        try #require(try Fixtures.run("convert", [straight.path, "-gravity", "north", "-background", "white", "-extent", "700x1800",
                                                  "-rotate", "2", tilted.path]) == 0)
        let raster = try #require(Raster(encoded: try Data(contentsOf: tilted)))
        #expect(ImagePreparation.prepare(raster)?.notes.contains("deskewed") == true)
        // Leptonica's own confidence bar would have left it tilted; an upright slip stays as it is.
        #expect(raster.grayscale()?.deskewed(minConfidence: 3) == nil)
        let upright = try #require(Raster(encoded: try Data(contentsOf: straight)))
        #expect(ImagePreparation.prepare(upright)?.notes.contains("deskewed") == false)
    }
}

/// A page photographed at an angle on a table, through the whole scan (about a second of OCR).
@Suite(.serialized) struct PhotoOCRTests {
    /// `page` photographed at an angle: `frame` adds its margins, `table` is the grey around it and
    /// `perspective` moves its corners (ImageMagick's +distort Perspective). Checks that the
    /// preparation finds and flattens the sheet, and returns the photo.
    func photograph(_ page: URL, frame: [String], table: String, perspective: String, size: String, in dir: TempDir) throws -> URL {
        let photo = dir.path("photo.jpg")
        let status = try Fixtures.run("convert", [page.path] + frame + [
            "-background", table, "-virtual-pixel", "background", "+distort", "Perspective", perspective,
            "-gravity", "center", "-extent", size, "-quality", "88", photo.path,
        ])
        try #require(status == 0)
        let raster = try #require(Raster(encoded: try Data(contentsOf: photo)))
        let prepared = try #require(ImagePreparation.prepare(raster))
        #expect(prepared.notes.contains { $0.hasPrefix("page outline flattened") }, "\(prepared.notes)")
        return photo
    }

    @Test func photographedPageIsFlattenedAndRead() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let flat = dir.path("flat.png")
        try Fixtures.renderText([
            "Brightwave Cloud",
            "Invoice",
            "Invoice date: 12 February 2026",
            "Storage plan, billed monthly    €4.99",
            "Total paid                      €4.99",
        ], to: flat, width: 1100, pointSize: 30)
        // Sheet distorted as seen from an angle, on a darker table, saved as a photo.
        let photo = try photograph(flat, frame: ["-bordercolor", "white", "-border", "60"], table: "gray35",
                                   perspective: "0,0 120,90  1219,0 1130,140  1219,459 1180,560  0,459 60,600", size: "1400x800", in: dir)
        let r = try InvoiceScanner().scan(photo)
        #expect(r.amount.value == Decimal(string: "4.99"))
        #expect(r.currency.value == .eur)
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 2, day: 12))
    }

    /// A letter folded in three: the creases split the paper's smooth region in three, and the
    /// sheet is all of them, not the largest (which here holds none of the letterhead or the date).
    @Test func foldedPageIsReadAcrossItsCrease() throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let flat = dir.path("folded.png")
        try Fixtures.renderText([
            "Ferncastle Energy", "Invoice", "Invoice date: 12 February 2026", "", "", "", "", "", "",
            "Electricity plan, billed monthly    €64.20", "Total paid                         €64.20", "", "", "",
        ], to: flat, width: 1100, pointSize: 28)
        // The creases run from edge to edge of the sheet.
        let photo = try photograph(flat, frame: ["-bordercolor", "white", "-border", "60", "-stroke", "gray55", "-strokewidth", "2",
                                                 "-draw", "line 0,260 1220,260", "-draw", "line 0,470 1220,470"], table: "gray35",
                                   perspective: "0,0 120,90  1219,0 1130,140  1219,983 1180,1060  0,983 60,1100", size: "1400x1250", in: dir)
        let r = try InvoiceScanner().scan(photo)
        #expect(r.name.value == "Ferncastle Energy")
        #expect(r.billingDate.value == LocalDate(year: 2026, month: 2, day: 12))
        #expect(r.amount.value == Decimal(string: "64.20"))
    }
}

extension PhotoOCRTests {
    /// An invoice whose letterhead is the brand "Quorvia" in white on a `band`-coloured band across the top.
    func invoiceWithTheBrandOnABand(_ band: String, in dir: TempDir, extra: [String] = []) throws -> URL {
        let page = dir.path("band.png")
        try Fixtures.renderText([
            "", "", "", "Invoice", "Invoice date: 12 February 2026",
            "Analytics plan, billed monthly    €19.00", "Total paid                       €19.00",
        ], to: page, width: 1100, pointSize: 28, extra: [
            "-fill", band, "-draw", "rectangle 0,0 1100,150",
            "-fill", "white", "-pointsize", "48", "-annotate", "+40+95", "Quorvia",
        ] + extra)
        return page
    }

    /// The brand printed white on the letterhead's coloured band is read: Tesseract's one threshold
    /// for the page makes a mid-tone band and its letters one blot, unless the band is lightened.
    @Test(arguments: ["#6d28d9", "#777777", "#1db954"])
    func aBrandWhiteOnAColouredBandIsRead(band: String) throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let page = try invoiceWithTheBrandOnABand(band, in: dir, extra: ["-pointsize", "22", "-annotate", "+700+90", "Paid on 12 Feb"])
        let r = try InvoiceScanner().scan(page)
        #expect(r.name.value == "Quorvia")
        #expect(r.amount.value == Decimal(string: "19.00"))
    }

    /// A photographed sheet whose letterhead is a band printed to its top edge: the band is part of
    /// the page that is flattened, so the brand on it is read. A mid-tone band (blue on a light
    /// table) is lightened before the lighting is evened, which would take it for shade and wash
    /// it out; flattened, its lower edge may run a little aslant.
    @Test(arguments: [("#161616", "gray62"), ("#3a78e0", "#bcae96")])
    func aBrandOnABandAtAPhotographedSheetsTopEdgeIsRead(band: String, table: String) throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let flat = try invoiceWithTheBrandOnABand(band, in: dir)
        // White margins on the sides and at the foot only: the band runs to the sheet's top edge.
        let photo = try photograph(flat, frame: ["-bordercolor", "white", "-border", "60x0", "-gravity", "south", "-background", "white",
                                                 "-splice", "0x80"],
                                   table: table, perspective: "0,0 140,110  1219,0 1150,150  1219,611 1200,740  0,611 80,770",
                                   size: "1400x900", in: dir)
        let r = try InvoiceScanner().scan(photo)
        #expect(r.name.value == "Quorvia")
        #expect(r.amount.value == Decimal(string: "19.00"))
    }

    /// Light falling off down the sheet (a lamp at the top): one threshold for the whole page,
    /// Tesseract's own, loses every line in the shade unless the lighting is evened first. Taken
    /// in a dim room (the whole picture dark), the sheet is still dark print on paper, not a
    /// dark-mode screen to invert.
    @Test(arguments: [false, true])
    func aPageInTheShadeOfItsLowerHalfIsReadToTheBottom(dimRoom: Bool) throws {
        try #require(Fixtures.hasImageMagick)
        let dir = try TempDir()
        let flat = dir.path("flat.png")
        try Fixtures.renderText([
            "Lingerwood Music School", "Invoice", "Invoice date: 3 March 2026", "",
            "Piano lessons, 4 x 45 min            120.00 EUR", "Sheet music                           19.90 EUR",
            "Early booking discount               -10.00 EUR", "", "Total                                129.90 EUR",
            "", "Payable within 14 days.", "Thank you!",
        ], to: flat, width: 1100, pointSize: 26)
        let photo = dir.path("shaded.jpg")
        // In the dim room the shade's multiplying goes on over the border and the table
        // (ImageMagick keeps the compose setting), darkening all the picture.
        let status = try Fixtures.run("convert", [
            flat.path, "(", "-size", "1100x704", "gradient:white-gray45", ")", "-compose", "multiply", "-composite",
        ] + (dimRoom ? [] : ["-compose", "over"]) + [
            "-bordercolor", "white", "-border", "40", "-background", "gray35", "-virtual-pixel", "background",
            "+distort", "Perspective", "0,0 80,60  1179,0 1120,90  1179,783 1150,860  0,783 50,880",
            "-gravity", "center", "-extent", "1300x1000", "-quality", "85", photo.path,
        ])
        try #require(status == 0)
        let raster = try #require(Raster(encoded: try Data(contentsOf: photo)))
        if dimRoom { try #require((raster.grayscale()?.meanGray() ?? 255) < 110) }  // darker than dark mode's cut
        let r = try InvoiceScanner().scan(photo)
        #expect(r.amount.value == Decimal(string: "129.90"))
        #expect(r.currency.value == .eur)
    }
}

@Suite struct RedStampTests {
    @Test func redStampInkFadesWhilePrintStaysDark() throws {
        // Paper, black print, blue ballpoint, purple dot-matrix ribbon, a pink-red stamp, a faint
        // red stamp, printed red (a heading or a table bar with white text on it).
        let colours: [[UInt8]] = [[245, 245, 240], [20, 20, 20], [30, 40, 160], [110, 40, 120], [236, 96, 112], [250, 150, 160], [215, 15, 20]]
        // Each a stroke 4 pixels wide with paper between: ink, not a filled area.
        var pixels: [UInt8] = []
        for _ in 0..<4 { for c in colours { for _ in 0..<4 { pixels += c }; for _ in 0..<28 { pixels += colours[0] } } }
        let width = colours.count * 32
        let raster = try #require(pixels.withUnsafeBytes {
            Raster(width: width, height: 4, stride: width * 3, layout: .rgb, pixels: $0)
        })
        let plain = try #require(raster.grayscale()?.grayBytes())
        let faded = try #require(raster.grayscaleFadingRedInk(margin: ImagePreparation.redInkMargin,
                                                              minLightness: ImagePreparation.stampInkLightness)?.grayBytes())
        func at(_ colour: Int, _ gray: [UInt8]) -> Int { Int(gray[colour * 32 + 1]) }
        // Print, ballpoint and ribbon stay as dark as plain grayscale makes them.
        for c in 0...3 { #expect(abs(at(c, faded) - at(c, plain)) <= 2) }
        // The stamp's red comes out near the paper, far lighter than in plain grayscale.
        #expect(at(4, faded) >= 230 && at(4, plain) < 150)
        #expect(at(5, faded) >= 245 && at(5, plain) < 190)
        // Printed red stays as dark as plain grayscale makes it.
        #expect(at(6, faded) == at(6, plain) && at(6, plain) < 100)
        // An image with no colour has nothing to fade.
        #expect(raster.grayscale()?.grayscaleFadingRedInk(margin: 60, minLightness: 100) == nil)
    }

    /// A light red area filled solid (a photographed pink total bar, white letters on it) is print: it
    /// is made dark, as its darkest channel, so its letters stand out; the same red in a stamp's thin
    /// strokes beside it still fades.
    @Test func aSolidLightRedBarIsPrintNotAStamp() throws {
        let (width, height) = (600, 300)
        let paper: [UInt8] = [245, 245, 240], pink: [UInt8] = [236, 96, 112], white: [UInt8] = [250, 250, 250]
        var rows = [[UInt8]](repeating: paper, count: width * height)
        for y in 40..<120 { for x in 20..<580 { rows[y * width + x] = pink } }  // the bar
        for y in 70..<90 { for c in 0..<10 { for x in (40 + c * 30)..<(52 + c * 30) { rows[y * width + x] = white } } }  // its letters
        for y in 180..<280 { for x in stride(from: 100, to: 400, by: 30) { for dx in 0..<4 { rows[y * width + x + dx] = pink } } }  // a stamp's strokes
        let pixels = rows.flatMap { $0 }
        let raster = try #require(pixels.withUnsafeBytes { Raster(width: width, height: height, stride: width * 3, layout: .rgb, pixels: $0) })
        let gray = try #require(raster.grayscaleFadingRedInk(margin: ImagePreparation.redInkMargin,
                                                             minLightness: ImagePreparation.stampInkLightness)?.grayBytes())
        func at(_ x: Int, _ y: Int) -> Int { Int(gray[y * width + x]) }
        // The bar, to its rim, is as dark as its green channel; its letters stay white.
        for (x, y) in [(300, 50), (22, 42), (577, 117), (300, 100)] { #expect(at(x, y) == 96, "\(x),\(y)") }
        #expect(at(45, 80) >= 245)
        // The stamp fades near the paper.
        #expect(at(101, 230) >= 230)
    }
}

/// Grainy paper (a receipt's, a recycled sheet's) is whitened before OCR: the grain around thin
/// strokes made Tesseract misread digits. Clean paper, gray scans and dark screens are left alone.
@Suite struct PaperGrainTests {
    /// A histogram of `ink` pixels at gray 60 and paper spread evenly over `paper`.
    func histogram(paper: ClosedRange<Int>, pixels: Int = 100_000, ink: Int = 5_000) -> [Int] {
        var h = [Int](repeating: 0, count: 256)
        for g in paper { h[g] += pixels / paper.count }
        h[60] += ink
        return h
    }

    @Test func grainyPaperIsWhitenedBelowItsPeak() throws {
        // A peak at 246 falling to half height 5 levels below: paper reaches down to about 231.
        var h = [Int](repeating: 0, count: 256)
        for (g, n) in [(238, 200), (239, 400), (240, 900), (241, 1_500), (242, 2_500), (243, 4_000), (244, 5_500), (245, 6_500),
                       (246, 7_000), (247, 6_500), (248, 5_500), (249, 4_000), (250, 2_500), (251, 1_500), (252, 900), (253, 400)] {
            h[g] = n
        }
        h[60] = 3_000
        let white = try #require(PaperGrain.whitePoint(h))
        #expect((225...236).contains(white))
    }

    @Test func cleanPaperGrayScansAndDarkScreensAreLeftAlone() {
        #expect(PaperGrain.whitePoint(histogram(paper: 255...255)) == nil)  // white paper: nothing to whiten
        #expect(PaperGrain.whitePoint(histogram(paper: 170...230)) == nil)  // shading or faded print: too wide
        #expect(PaperGrain.whitePoint(histogram(paper: 150...160)) == nil)  // too dark for paper
        #expect(PaperGrain.whitePoint([Int](repeating: 0, count: 256)) == nil)
        #expect(PaperGrain.whitePoint([1, 2, 3]) == nil)
    }

    /// Through the preparation: the grain becomes white paper and the ink stays dark.
    @Test func preparationWhitensTheGrainAndKeepsTheInk() throws {
        let (width, height) = (1200, 400)
        var generator = SystemRandomNumberGenerator()
        var gray = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // Paper grain around 246, half its pixels within 4 levels; a dark bar of "ink" in the middle.
                let ink = (180..<200).contains(y) && (100..<1100).contains(x)
                let grain = Int.random(in: -5...5, using: &generator) + Int.random(in: -5...5, using: &generator)
                let v: UInt8 = ink ? 70 : UInt8(clamping: 246 + grain)
                for k in 0..<3 { gray[(y * width + x) * 3 + k] = v }
            }
        }
        let raster = try #require(gray.withUnsafeBytes { Raster(width: width, height: height, stride: width * 3, layout: .rgb, pixels: $0) })
        let prepared = try #require(ImagePreparation.prepare(raster))
        #expect(prepared.notes.contains { $0.hasPrefix("paper grain whitened") }, "\(prepared.notes)")
        let out = try #require(prepared.raster.grayBytes())
        let w = prepared.raster.width
        let paper = (0..<100).map { out[(20 + $0) * w + 50 + $0 * 3] }
        #expect(paper.allSatisfy { $0 == 255 })
        #expect(out[(prepared.raster.height * 190 / 400) * w + w / 2] < 100)
    }
}
