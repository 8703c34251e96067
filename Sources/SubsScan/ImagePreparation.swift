import Foundation

/// Turns a decoded image into what Tesseract reads best and fastest: upright (EXIF), gray,
/// dark-mode screens inverted to dark text on light, sized so body text is ~20-40 px high
/// (small screenshots upscaled, big photos downscaled), and deskewed.
enum ImagePreparation {
    struct Prepared {
        var raster: Raster
        var dpi: Int
        var notes: [String]
    }

    /// Longest side after preparation: enough for A4 at ~250 dpi, no more (time and memory).
    static let maxLongSide = 3300
    /// Screenshots narrower than this are upscaled: Tesseract misreads text under ~20 px high.
    static let minWidth = 1100

    static func prepare(_ input: Raster, orientation: Int = 1, dpi sourceDPI: Int? = nil) -> Prepared? {
        var notes: [String] = []
        guard var r = input.grayscale() else { return nil }
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
        // Light text on a dark background (dark-mode mail apps): Tesseract wants dark on light.
        if let mean = r.meanGray(), mean < 110, let inv = r.inverted() {
            r = inv
            notes.append("inverted dark background")
        }
        if let flat = flattenPage(r) {
            r = flat
            notes.append("page outline flattened (\(r.width)x\(r.height))")
        }
        if let (sized, factor, note) = sizeText(r) {
            r = sized
            dpi *= factor
            notes.append(note)
        }
        if let straight = r.deskewed() { r = straight }
        let finalDPI = max(70, Int(dpi.rounded()))
        r.setResolution(dpi: finalDPI)
        return Prepared(raster: r, dpi: finalDPI, notes: notes)
    }

    /// Characters are scaled to about this height (the median of capitals, digits and lower case):
    /// Tesseract misreads text much smaller, and gains nothing from larger.
    static let targetCharacterHeight = 26.0
    /// Text within this range of heights is left at its size.
    static let comfortableCharacterHeights = 18.0...60.0
    /// Upscaling stops at this many pixels (time and memory).
    static let maxPreparedPixels = 14_000_000.0

    /// Crops to the text and scales it to a height Tesseract reads well. Returns the new image,
    /// the scale factor applied, and a note; nil when nothing needed doing or nothing could be told.
    static func sizeText(_ r: Raster) -> (Raster, Double, String)? {
        // Measured on a flattened-background copy (shadows and light gradients would join or hide
        // characters); a half-size copy of big images is enough and four times cheaper.
        let analysisScale = max(r.width, r.height) > 2200 ? 0.5 : 1.0
        guard let small = analysisScale < 1 ? r.scaled(by: analysisScale) : r,
            let flat = small.backgroundNormalized()
        else { return nil }
        let boxes = flat.darkComponentBoxes(threshold: 150)
        guard var geometry = TextGeometry.measure(boxes, imageWidth: flat.width, imageHeight: flat.height) else {
            return legacyUpscale(r)
        }
        geometry.characterHeight /= analysisScale
        if ProcessInfo.processInfo.environment["SUBS_DEBUG"] != nil {
            FileHandle.standardError.write(Data("text height \(geometry.characterHeight) content \(String(describing: geometry.content)) of \(flat.width)x\(flat.height)\n".utf8))
        }
        var out = r
        var notes: [String] = []
        var factor = 1.0
        let h = geometry.characterHeight
        let env = ProcessInfo.processInfo.environment
        let target = env["SUBS_TEXT_TARGET"].flatMap(Double.init) ?? targetCharacterHeight
        let low = env["SUBS_TEXT_LOW"].flatMap(Double.init) ?? comfortableCharacterHeights.lowerBound
        guard !(low...comfortableCharacterHeights.upperBound).contains(h) else { return nil }
        factor = target / h
        // Small text is enlarged; only the part with text (a receipt scanned on a large page).
        if factor > 1, let box = geometry.content {
            let b = Raster.PixelBox(x: Int(Double(box.x) / analysisScale), y: Int(Double(box.y) / analysisScale),
                                    width: Int(Double(box.width) / analysisScale), height: Int(Double(box.height) / analysisScale))
            if let c = r.cropped(x: b.x, y: b.y, width: min(b.width, r.width - b.x), height: min(b.height, r.height - b.y)) {
                out = c
                notes.append("cropped to text \(c.width)x\(c.height)")
            }
        }
        let maxFactor = (maxPreparedPixels / Double(out.width * out.height)).squareRoot()
        factor = min(factor, 4, maxFactor)
        if abs(factor - 1) < 0.15 { factor = 1 }
        if factor != 1, let s = out.scaled(by: factor) {
            out = s
            notes.append("text \(Int(h)) px scaled x\(format(factor))")
        } else {
            factor = 1
        }
        if notes.isEmpty { return nil }
        return (out, factor, notes.joined(separator: ", "))
    }

    /// Without measurable text: small screenshots are upscaled, Tesseract misreads text under ~20 px.
    static func legacyUpscale(_ r: Raster) -> (Raster, Double, String)? {
        guard r.width < minWidth && max(r.width, r.height) < maxLongSide / 2 else { return nil }
        let f = min(3.0, Double(minWidth) / Double(r.width))
        guard f > 1.2, let s = r.scaled(by: f) else { return nil }
        return (s, f, "upscaled x\(format(f))")
    }

    /// A photographed sheet (a brighter quadrilateral inside the picture) is cut out and
    /// flattened; nil when there is no clear outline (scans, screenshots, close-ups).
    static func flattenPage(_ r: Raster) -> Raster? {
        let f = min(1, 480 / Double(max(r.width, r.height)))
        guard let small = r.scaled(by: f), let bytes = small.grayBytes(),
            let outline = PageOutline.find(gray: bytes, width: small.width, height: small.height)
        else { return nil }
        let page = outline.scaled(by: Double(r.width) / Double(small.width))
        var (w, h) = page.flattenedSize
        // Leptonica's output has the input's size: a page larger than it is shrunk to fit.
        let fit = min(1, Double(r.width) / w, Double(r.height) / h)
        w *= fit
        h *= fit
        return r.projected(corners: page.corners.map { (x: $0.x, y: $0.y) }, width: Int(w), height: Int(h))
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
