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
        var dpi = sourceDPI ?? 300
        let long = max(r.width, r.height)
        if long > maxLongSide {
            let f = Double(maxLongSide) / Double(long)
            if let s = r.scaled(by: f) { r = s; dpi = max(70, Int(Double(dpi) * f)); notes.append("downscaled x\(String(format: "%.2f", f))") }
        } else if r.width < minWidth && long < maxLongSide / 2 {
            let f = min(3.0, Double(minWidth) / Double(r.width))
            if f > 1.2, let s = r.scaled(by: f) { r = s; dpi = Int(Double(dpi) * f); notes.append("upscaled x\(String(format: "%.2f", f))") }
        }
        // Light text on a dark background (dark-mode mail apps): Tesseract wants dark on light.
        if let mean = r.meanGray(), mean < 110, let inv = r.inverted() {
            r = inv
            notes.append("inverted dark background")
        }
        if let straight = r.deskewed() { r = straight }
        r.setResolution(dpi: dpi)
        return Prepared(raster: r, dpi: dpi, notes: notes)
    }

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
