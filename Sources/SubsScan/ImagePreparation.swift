import Foundation

/// Turns a decoded image into what Tesseract reads best and fastest: upright (EXIF), gray,
/// dark-mode screens inverted to dark text on light, sized so body text is ~20-40 px high
/// (small screenshots upscaled, big photos downscaled), and deskewed.
enum ImagePreparation {
    struct Prepared {
        var raster: Raster
        var dpi: Int
        var notes: [String]
        /// How much the text was enlarged for OCR (1: not at all).
        var enlargement = 1.0
    }

    /// Longest side after preparation: enough for A4 at ~250 dpi, no more (time and memory).
    static let maxLongSide = 3300
    /// Screenshots narrower than this are upscaled: Tesseract misreads text under ~20 px high.
    static let minWidth = 1100

    /// Ink whose red channel exceeds green and blue by this much is red.
    static let redInkMargin = 60
    /// Red ink at least this light in gray is a stamp's (translucent, pressed by hand), not
    /// printed red (dense: headings, table bars).
    static let stampInkLightness = 100

    /// Leptonica's confidence in a skew angle needed to straighten the page: 2, not its own 3,
    /// which leaves a short receipt on a tall slip tilted (its white paper scores nothing).
    static let minSkewConfidence = 2.0

    static func prepare(_ input: Raster, orientation: Int = 1, dpi sourceDPI: Int? = nil) -> Prepared? {
        var notes: [String] = []
        // Red stamps ("PAID", a date) are often pressed over the shop's name or the total.
        guard var r = input.grayscaleFadingRedInk(margin: Self.redInkMargin, minLightness: Self.stampInkLightness) ?? input.grayscale()
        else { return nil }
        if orientation != 1, let upright = applyOrientation(r, orientation) {
            r = upright
            notes.append("rotated per EXIF orientation \(orientation)")
        }
        var dpi = Double(sourceDPI ?? 300)
        // Huge photos come down first: every later step is cheaper, and OCR needs no more.
        let long = max(r.width, r.height)
        if long > maxLongSide {
            let f = Double(maxLongSide) / Double(long)
            if let s = r.scaled(by: f) { r = s; dpi = max(70, dpi * f); notes.append("downscaled x\(format(f))") }
        }
        // A photographed sheet is cut out first: a dark table or a dim room must not make it
        // look like a dark-mode screen. Light falling off across the sheet is evened out, since
        // Tesseract's one threshold for the page loses every line in the shade.
        let flattened = flattenPage(r, colour: input.depth == 32 ? (input, orientation) : nil)
        if let flat = flattened {
            r = flat
            notes.append("page outline flattened (\(r.width)x\(r.height))")
            // Its coloured bands first: evening the lighting takes a band for shade and washes it
            // out, leaving its white letters on light gray.
            r = lighteningPanels(r, aslant: true, notes: &notes)
            if let even = r.backgroundNormalized() {
                r = even
                notes.append("lighting evened")
            }
        }
        // Light text on a dark background (dark-mode mail apps): Tesseract wants dark on light.
        var inverted = false
        if let mean = r.meanGray(), mean < 110, let inv = r.inverted() {
            r = inv
            inverted = true
            notes.append("inverted dark background")
        }
        if flattened == nil || inverted {
            r = lighteningPanels(r, notes: &notes)
        }
        // Grainy paper (a receipt's, a recycled sheet's): the grain around thin strokes makes
        // Tesseract misread digits, so paper-light grays become white. (A photographed sheet's
        // lighting was evened above, its paper brought to one gray.)
        if flattened == nil, let white = r.grayHistogram().flatMap(PaperGrain.whitePoint), let clean = r.whitened(above: white) {
            r = clean
            notes.append("paper grain whitened above \(white)")
        }
        var enlargement = 1.0
        if let (sized, factor, note) = sizeText(r) {
            r = sized
            dpi *= factor
            enlargement = factor
            notes.append(note)
        }
        if let straight = r.deskewed(minConfidence: Self.minSkewConfidence) {
            r = straight
            notes.append("deskewed")
        }
        let finalDPI = max(70, Int(dpi.rounded()))
        r.setResolution(dpi: finalDPI)
        return Prepared(raster: r, dpi: finalDPI, notes: notes, enlargement: enlargement)
    }

    /// Light text on dark or coloured panels of a light page (a letterhead's band, a brand bar)
    /// turned dark on white. (`aslant`: see `DarkPanels.find`.)
    static func lighteningPanels(_ r: Raster, aslant: Bool = false, notes: inout [String]) -> Raster {
        guard let gray = r.grayBytes() else { return r }
        let panels = DarkPanels.find(gray: gray, width: r.width, height: r.height, aslant: aslant)
        guard !panels.isEmpty, let light = r.lighteningPanels(panels.map { ($0.box, $0.ground) }) else { return r }
        notes.append("lightened \(panels.count) panel\(panels.count == 1 ? "" : "s")")
        return light
    }

    /// Text whose characters are smaller than this (median height, pixels) is enlarged...
    static let minCharacterHeight = 9.0
    /// ... to about this height. Tesseract misreads characters much smaller; on this corpus's
    /// scans, enlarging text that is already 10 px or more did not read better.
    static let targetCharacterHeight = 20.0
    /// Upscaling stops at this many pixels (time and memory).
    static let maxPreparedPixels = 14_000_000.0

    /// Scales small text to a height Tesseract reads well: narrow screenshots by their width, tiny
    /// print by its measured character height, cropped to the region with text (a small receipt
    /// scanned on a large page). Returns the new image, the scale factor and a note; nil when
    /// nothing needed doing.
    static func sizeText(_ r: Raster) -> (Raster, Double, String)? {
        if let narrow = legacyUpscale(r) { return narrow }
        guard max(r.width, r.height) <= 2600, let flat = r.backgroundNormalized(),
            let geometry = TextGeometry.measure(flat.darkComponentBoxes(threshold: 150), imageWidth: flat.width, imageHeight: flat.height),
            geometry.characterHeight < minCharacterHeight
        else { return nil }
        var out = r
        var notes: [String] = []
        if let b = geometry.content, let c = r.cropped(x: b.x, y: b.y, width: b.width, height: b.height) {
            out = c
            notes.append("cropped to text \(c.width)x\(c.height)")
        }
        let maxFactor = (maxPreparedPixels / Double(out.width * out.height)).squareRoot()
        let factor = min(targetCharacterHeight / geometry.characterHeight, 4, maxFactor)
        if factor > 1.15, let s = out.scaled(by: factor) {
            out = s
            notes.append("text \(Int(geometry.characterHeight)) px scaled x\(format(factor))")
            return (out, factor, notes.joined(separator: ", "))
        }
        return nil
    }

    /// Small screenshots are upscaled by width: Tesseract misreads text under ~20 px.
    static func legacyUpscale(_ r: Raster) -> (Raster, Double, String)? {
        guard r.width < minWidth && max(r.width, r.height) < maxLongSide / 2 else { return nil }
        let f = min(3.0, Double(minWidth) / Double(r.width))
        guard f > 1.2, let s = r.scaled(by: f) else { return nil }
        return (s, f, "upscaled x\(format(f))")
    }

    /// A photographed sheet (a brighter quadrilateral inside the picture) is cut out and
    /// flattened; nil when there is no clear outline (scans, screenshots, close-ups). `colour` is
    /// the photo in colour, before its EXIF `orientation` is applied: a coloured band at the
    /// sheet's edge shows there (`PageOutline.extendedOverColourBands`).
    static func flattenPage(_ r: Raster, colour: (raster: Raster, orientation: Int)? = nil) -> Raster? {
        let f = min(1, 480 / Double(max(r.width, r.height)))
        guard let small = r.scaled(by: f), let bytes = small.grayBytes(),
            var outline = PageOutline.find(gray: bytes, width: small.width, height: small.height)
        else { return nil }
        // A screen's panel (a dark mail app's receipt card) is no sheet: cut out, the text around
        // it would be lost. It lies square to the pixels on a flat colour, with print around it; a
        // camera's sheet is never quite square, and its table is never one exact gray.
        if outline.isSquare, flatBorderShare(gray: bytes, width: small.width, height: small.height) >= maxFlatBorderShare,
            inkShare(gray: bytes, width: small.width, height: small.height, outside: outline) > maxInkOutside
        {
            return nil
        }
        if let (photo, orientation) = colour {
            // (After the screen check, which judges the outline gray shows: a mail's card with a
            // coloured bar is still a screen's panel.)
            // The same small size once turned upright (orientations 5 to 8 turn it a quarter).
            let turned = (5...8).contains(orientation)
            if let c = photo.scaled(toWidth: turned ? small.height : small.width, height: turned ? small.width : small.height),
                let upright = applyOrientation(c, orientation), let rgb = upright.rgbBytes()
            {
                outline = outline.extendedOverColourBands(rgb: rgb, width: small.width, height: small.height)
            }
        }
        let page = outline.scaled(by: Double(r.width) / Double(small.width))
        var (w, h) = page.flattenedSize
        // Leptonica's output has the input's size: a page larger than it is shrunk to fit.
        let fit = min(1, Double(r.width) / w, Double(r.height) / h)
        w *= fit
        h *= fit
        return r.projected(corners: page.corners.map { (x: $0.x, y: $0.y) }, width: Int(w), height: Int(h))
    }

    /// Where an outline was found, photographs' borders measured 0.02-0.10 on every corpus here,
    /// screenshots' and rendered slips' 0.31-0.96.
    static let maxFlatBorderShare = 0.25

    /// The share of the picture's border that is one exact gray: a screen's flat colour, never a
    /// camera's table or wall (sensor noise, JPEG).
    static func flatBorderShare(gray: [UInt8], width: Int, height: Int) -> Double {
        let m = max(2, min(width, height) / 25)
        var counts = [Int](repeating: 0, count: 256)
        var total = 0
        for y in 0..<height {
            let edgeRow = y < m || y >= height - m
            for x in 0..<width where edgeRow || x < m || x >= width - m {
                counts[Int(gray[y * width + x])] += 1
                total += 1
            }
        }
        return total == 0 ? 0 : Double(counts.max() ?? 0) / Double(total)
    }

    /// A slip laid on a plain ground is still cut out: nothing is printed around it.
    static let maxInkOutside = 0.005

    /// The share of the picture outside the outline's box that stands out from the ground there
    /// (its commonest gray) as print does.
    static func inkShare(gray: [UInt8], width: Int, height: Int, outside outline: PageOutline) -> Double {
        // The box and a margin: the sheet's edge is found a pixel or two inside it.
        let margin = max(3, min(width, height) / 50)
        var x0 = width, x1 = 0, y0 = height, y1 = 0
        for corner in outline.corners {
            let x = Int(corner.x), y = Int(corner.y)
            x0 = min(x0, x - margin)
            x1 = max(x1, x + margin)
            y0 = min(y0, y - margin)
            y1 = max(y1, y + margin)
        }
        var counts = [Int](repeating: 0, count: 256)
        for y in 0..<height {
            let rowInside = y >= y0 && y <= y1
            for x in 0..<width where !(rowInside && x >= x0 && x <= x1) {
                counts[Int(gray[y * width + x])] += 1
            }
        }
        var ground = 0, total = 0
        for v in 0..<256 {
            total += counts[v]
            if counts[v] > counts[ground] { ground = v }
        }
        var ink = 0
        for v in 0..<256 where abs(v - ground) > 60 { ink += counts[v] }
        return total == 0 ? 0 : Double(ink) / Double(total)
    }

    static func format(_ f: Double) -> String { String(format: "%.2f", f) }

    /// EXIF orientations 2...8: mirror and/or rotate to upright.
    static func applyOrientation(_ r: Raster, _ orientation: Int) -> Raster? {
        switch orientation {
        case 2: r.mirrored()
        case 3: r.rotated(quarterTurns: 2)
        case 4: r.rotated(quarterTurns: 2)?.mirrored()
        case 5: r.rotated(quarterTurns: 1)?.mirrored()
        case 6: r.rotated(quarterTurns: 1)
        case 7: r.rotated(quarterTurns: 3)?.mirrored()
        case 8: r.rotated(quarterTurns: 3)
        default: r
        }
    }
}
