import CTesseract
import Foundation

/// An image held by leptonica. Owns its `PIX` and frees it in `deinit`; every operation returns a
/// new `Raster`, so no caller ever handles a C pointer or a reference count.
final class Raster: @unchecked Sendable {
    /// Only the Tesseract wrapper reads this, to hand the image to the OCR engine.
    let pix: UnsafeMutablePointer<PIX>

    private init?(taking pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    private static let quiet: Void = {
        // Leptonica reports "Error in pixReadMem" on stderr for input we reject ourselves.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// Decodes PNG, JPEG, TIFF, GIF, BMP, WebP from memory. Nil when leptonica cannot decode it.
    convenience init?(encoded data: Data) {
        _ = Raster.quiet
        func read(_ bytes: Data, _ decode: (UnsafePointer<UInt8>, Int) -> UnsafeMutablePointer<PIX>? = { pixReadMem($0, $1) })
            -> UnsafeMutablePointer<PIX>?
        {
            bytes.withUnsafeBytes { buf -> UnsafeMutablePointer<PIX>? in
                guard let base = buf.bindMemory(to: UInt8.self).baseAddress else { return nil }
                return decode(base, buf.count)
            }
        }
        var pix = read(data)
        // A JPEG cut short: leptonica gives up at the first scanline past the cut, where other image tools read
        // what there is. Zero bytes then an end-of-image marker after the cut decode as flat blocks to the
        // bottom (an end marker alone still stops it a few rows short).
        if pix == nil, data.starts(with: [0xFF, 0xD8]) {
            var ended = data
            ended.append(Data(count: 4096))
            ended.append(contentsOf: [0xFF, 0xD9])
            pix = read(ended)
        }
        // Damaged entropy-coded data ("bad Huffman code"): other image tools show the picture with a smeared
        // stripe, and so does libjpeg when asked to go on.
        if pix == nil, data.starts(with: [0xFF, 0xD8]) {
            pix = read(data) { base, count in
                var warnings: Int32 = 0
                return pixReadMemJpeg(base, count, 0, 1, &warnings, Int32(L_JPEG_CONTINUE_WITH_BAD_DATA))
            }
        }
        self.init(taking: pix)
    }

    /// Builds a 32-bit image from interleaved 8-bit pixels.
    /// - Parameter layout: `.rgb` (3 bytes), `.rgba` (4 bytes, R first) or `.cairoARGB` (native-endian
    ///   32-bit words 0xAARRGGBB, as cairo stores them).
    enum PixelLayout { case rgb, rgba, cairoARGB }

    convenience init?(width: Int, height: Int, stride: Int, layout: PixelLayout, pixels: UnsafeRawBufferPointer) {
        guard width > 0, height > 0, let pix = pixCreate(Int32(width), Int32(height), 32),
            let data = pixGetData(pix)
        else { return nil }
        let wpl = Int(pixGetWpl(pix))
        for y in 0..<height {
            let row = pixels.baseAddress!.advanced(by: y * stride)
            let out = data.advanced(by: y * wpl)
            for x in 0..<width {
                let word: UInt32
                switch layout {
                case .rgb:
                    let p = row.advanced(by: x * 3).assumingMemoryBound(to: UInt8.self)
                    word = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | 0xFF
                case .rgba:
                    let p = row.advanced(by: x * 4).assumingMemoryBound(to: UInt8.self)
                    word = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
                case .cairoARGB:
                    let p = row.advanced(by: x * 4).loadUnaligned(as: UInt32.self)
                    word = (p << 8) | (p >> 24)
                }
                out[x] = word
            }
        }
        self.init(taking: pix)
    }

    /// JPEG bytes (baseline, `quality` 1-100), for sending page images; nil if leptonica cannot encode it.
    func jpeg(quality: Int) -> Data? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&out, &size, pix, Int32(quality), 0) == 0, let out else { return nil }
        defer { lept_free(out) }
        return Data(bytes: out, count: size)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }

    func setResolution(dpi: Int) { pixSetResolution(pix, Int32(dpi), Int32(dpi)) }

    /// 8-bit grayscale (colour maps removed, RGB to luminance).
    func grayscale() -> Raster? {
        if depth == 8 { return Raster(taking: pixClone(pix)) }
        return Raster(taking: pixConvertTo8(pix, 0))
    }

    /// The share of red around a red pixel above which it belongs to a solid red area, not a stamp.
    static let solidRedShare = 0.6

    /// 8-bit grayscale in which light red ink (a rubber stamp's: "PAID", a date) is taken at its
    /// red channel's lightness, so it fades into the paper while black, blue and purple print stay
    /// as dark as `grayscale()` makes them. Dense printed red (a heading, a coloured table bar)
    /// is darker than `minLightness` and stays, and so does a solid red area however light (a
    /// photographed pink bar), so white text on it stays readable. Nil for a non-RGB image.
    /// - Parameters:
    ///   - margin: how much the red channel must exceed both others (0-255).
    ///   - minLightness: the least gray (0-255) of ink that fades.
    func grayscaleFadingRedInk(margin: Int, minLightness: Int) -> Raster? {
        guard depth == 32, let gray = Raster(taking: pixConvertRGBToLuminance(pix)),
            let source = pixGetData(pix), let target = pixGetData(gray.pix)
        else { return nil }
        let w = width, h = height, swpl = Int(pixGetWpl(pix)), twpl = Int(pixGetWpl(gray.pix))
        func isRed(_ p: UInt32) -> Bool { Int(p >> 24) - max(Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF)) > margin }
        // A stamp is strokes of ink with paper between them; a red area filled solid (a band, a
        // total's bar with white text on it) is print, and fading it would fade its text away.
        // Red is counted in blocks, and a block in a neighbourhood mostly red is left as it is.
        // Blocks of 1/150 of the long side, neighbourhoods of five by five: wider than a stamp's stroke.
        let block = max(4, max(w, h) / 150), bw = (w + block - 1) / block, bh = (h + block - 1) / block
        var redCount = [Int32](repeating: 0, count: bw * bh)
        for y in 0..<h {
            let row = source.advanced(by: y * swpl)
            for x in 0..<w where isRed(row[x]) { redCount[(y / block) * bw + x / block] += 1 }
        }
        let reach = 2
        var solid = [Bool](repeating: false, count: bw * bh)
        for by in 0..<bh {
            for bx in 0..<bw where redCount[by * bw + bx] > 0 {
                var red = 0, area = 0
                for ny in max(0, by - reach)...min(bh - 1, by + reach) {
                    for nx in max(0, bx - reach)...min(bw - 1, bx + reach) {
                        red += Int(redCount[ny * bw + nx])
                        area += min(block, w - nx * block) * min(block, h - ny * block)
                    }
                }
                solid[by * bw + bx] = Double(red) >= Self.solidRedShare * Double(area)
            }
        }
        // The area's rim, where the neighbourhood takes in paper too, belongs to it as well.
        let core = solid
        for by in 0..<bh {
            for bx in 0..<bw where redCount[by * bw + bx] > 0 && !core[by * bw + bx] {
                solid[by * bw + bx] = (max(0, by - 1)...min(bh - 1, by + 1)).contains { ny in
                    (max(0, bx - 1)...min(bw - 1, bx + 1)).contains { core[ny * bw + $0] }
                }
            }
        }
        for y in 0..<h {
            let row = source.advanced(by: y * swpl)
            let out = target.advanced(by: y * twpl)
            for x in 0..<w {
                let p = row[x]
                guard isRed(p) else { continue }
                let r = Int(p >> 24)
                // Leptonica packs 8-bit pixels big-endian within each 32-bit word.
                let shift = UInt32(24 - 8 * (x & 3))
                let word = out[x >> 2]
                let gray = Int((word >> shift) & 0xFF)
                if solid[(y / block) * bw + x / block] {
                    // Print: as dark as its darkest channel, so white letters on it stand out as on black.
                    let darkest = UInt32(min(Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF)))
                    out[x >> 2] = (word & ~(0xFF << shift)) | (darkest << shift)
                } else if gray >= minLightness && gray < r {
                    out[x >> 2] = (word & ~(0xFF << shift)) | (UInt32(r) << shift)
                }
            }
        }
        return gray
    }

    /// Same factor both ways; linear interpolation for gray, anti-aliased when shrinking.
    func scaled(by factor: Double) -> Raster? {
        Raster(taking: pixScale(pix, Float(factor), Float(factor)))
    }

    /// Scaled to exactly `width` x `height`.
    func scaled(toWidth width: Int, height: Int) -> Raster? {
        Raster(taking: pixScaleToSize(pix, Int32(width), Int32(height)))
    }

    /// The rectangle's pixels as a new image.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Raster? {
        guard let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) as UnsafeMutablePointer<BOX>? else { return nil }
        defer {
            var b: UnsafeMutablePointer<BOX>? = box
            boxDestroy(&b)
        }
        return Raster(taking: pixClipRectangle(pix, box, nil))
    }

    /// Share of pixels darker than `threshold` (8-bit gray): ~0 for a blank or noisy-blank area.
    func darkFraction(threshold: Int = 128) -> Double {
        guard depth == 8 else { return 0 }
        var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, Int32(threshold))
        defer { pixDestroy(&binary) }
        var count: Int32 = 0
        guard let binary, pixCountPixels(binary, &count, nil) == 0 else { return 0 }
        return Double(count) / Double(max(1, width * height))
    }

    func inverted() -> Raster? { Raster(taking: pixInvert(nil, pix)) }

    /// Rotated by `quarterTurns` x 90 degrees clockwise.
    func rotated(quarterTurns: Int) -> Raster? { Raster(taking: pixRotateOrth(pix, Int32(quarterTurns & 3))) }

    func mirrored() -> Raster? { Raster(taking: pixFlipLR(nil, pix)) }

    /// Straightened when leptonica finds a skew of at least 0.1 degree with at least `minConfidence`
    /// (leptonica's own `pixDeskew` wants 3; a short receipt on a tall slip scores lower for a
    /// clear tilt, all that white paper giving no signal).
    func deskewed(minConfidence: Double = 3) -> Raster? {
        guard depth == 8 else { return Raster(taking: pixDeskew(pix, 0)) }
        var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, 130)
        defer { pixDestroy(&binary) }
        var angle: Float = 0, confidence: Float = 0
        guard let binary, pixFindSkew(binary, &angle, &confidence) == 0,
            Double(confidence) >= minConfidence, abs(angle) >= 0.1
        else { return nil }
        return rotated(by: Double(angle) * .pi / 180)
    }

    /// Leptonica's confidences that the page's text is upright (`up`, negative: upside down) and
    /// turned a quarter left (`left`, negative: right), from its count of ascenders and descenders
    /// on the 1-bit page (Latin script). Nil when it cannot count.
    func textOrientationConfidences() -> (up: Double, left: Double)? {
        guard depth == 8 else { return nil }
        var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, 130)
        defer { pixDestroy(&binary) }
        var up: Float = 0, left: Float = 0
        guard let binary, pixOrientDetect(binary, &up, &left, 0, 0) == 0 else { return nil }
        return (Double(up), Double(left))
    }

    /// Turned about its centre by `radians`, clockwise when positive; same size, white brought in.
    func rotated(by radians: Double) -> Raster? {
        Raster(taking: pixRotate(pix, Float(radians), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0))
    }

    /// A rectangle in pixels.
    struct PixelBox: Equatable, Sendable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// Gray image with its background (paper, uneven light, shadows) flattened to one level, so
    /// one threshold separates ink from paper everywhere on a photo.
    func backgroundNormalized() -> Raster? {
        guard depth == 8 else { return nil }
        return Raster(taking: pixBackgroundNormSimple(pix, nil, nil))
    }

    /// Boxes of the 8-connected groups of pixels darker than `threshold` (8-bit gray): characters,
    /// rules, specks.
    func darkComponentBoxes(threshold: Int) -> [PixelBox] {
        guard depth == 8 else { return [] }
        var binary: UnsafeMutablePointer<PIX>? = pixThresholdToBinary(pix, Int32(threshold))
        defer { pixDestroy(&binary) }
        guard let binary else { return [] }
        var boxa: UnsafeMutablePointer<BOXA>? = pixConnCompBB(binary, 8)
        defer { boxaDestroy(&boxa) }
        guard let boxa else { return [] }
        var out: [PixelBox] = []
        let n = Int(boxaGetCount(boxa))
        out.reserveCapacity(n)
        for i in 0..<n {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            if boxaGetBoxGeometry(boxa, Int32(i), &x, &y, &w, &h) == 0 {
                out.append(PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        return out
    }

    /// The pixels of an 8-bit image, row by row (`width * height` bytes).
    func grayBytes() -> [UInt8]? {
        guard depth == 8, let data = pixGetData(pix) else { return nil }
        let w = width, h = height, wpl = Int(pixGetWpl(pix))
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = data.advanced(by: y * wpl)
            for x in 0..<w {
                // Leptonica packs 8-bit pixels big-endian within each 32-bit word.
                out[y * w + x] = UInt8((row[x >> 2] >> UInt32(24 - 8 * (x & 3))) & 0xFF)
            }
        }
        return out
    }

    /// The pixels of a 32-bit colour image, row by row, three bytes each (red, green, blue).
    func rgbBytes() -> [UInt8]? {
        guard depth == 32, let data = pixGetData(pix) else { return nil }
        let w = width, h = height, wpl = Int(pixGetWpl(pix))
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            let row = data.advanced(by: y * wpl)
            for x in 0..<w {
                // Leptonica packs a colour pixel as 0xRRGGBBAA.
                let p = row[x], i = (y * w + x) * 3
                out[i] = UInt8(p >> 24)
                out[i + 1] = UInt8((p >> 16) & 0xFF)
                out[i + 2] = UInt8((p >> 8) & 0xFF)
            }
        }
        return out
    }

    /// The quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left, in this image's
    /// pixels) mapped onto an upright `width` x `height` rectangle by a projective transform:
    /// a photographed page seen at an angle, flattened. Areas outside the image come in white.
    func projected(corners: [(x: Double, y: Double)], width outW: Int, height outH: Int) -> Raster? {
        guard corners.count == 4, outW > 0, outH > 0, outW <= width, outH <= height else { return nil }
        var source: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        var target: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        defer {
            ptaDestroy(&source)
            ptaDestroy(&target)
        }
        guard let source, let target else { return nil }
        let rect = [(0.0, 0.0), (Double(outW - 1), 0.0), (Double(outW - 1), Double(outH - 1)), (0.0, Double(outH - 1))]
        for (c, r) in zip(corners, rect) {
            ptaAddPt(source, Float(c.x), Float(c.y))
            ptaAddPt(target, Float(r.0), Float(r.1))
        }
        // Leptonica's output has the input's size; the page is its top-left outW x outH.
        guard let full = Raster(taking: pixProjectivePta(pix, target, source, Int32(L_BRING_IN_WHITE))) else { return nil }
        return full.cropped(x: 0, y: 0, width: outW, height: outH)
    }

    /// A copy where each box, light marks on a ground of gray `ground`, becomes dark marks on
    /// the page's paper: inverted, then stretched so the ground is the paper's gray. (Not white: on a
    /// page whose lighting was evened to a gray paper, white panels would split Tesseract's one
    /// threshold between paper and panel, and the page's own text would be lost.)
    func lighteningPanels(_ panels: [(box: PixelBox, ground: UInt8)]) -> Raster? {
        guard depth == 8, let copy = pixCopy(nil, pix) else { return nil }
        var paper: UInt32 = 255
        pixGetRankValue(pix, 4, 0.9, &paper)
        // PIX_SRC, a C macro Swift does not import.
        let paste: Int32 = 0xc
        for p in panels {
            var box = boxCreate(Int32(p.box.x), Int32(p.box.y), Int32(p.box.width), Int32(p.box.height))
            var clip = pixClipRectangle(copy, box, nil)
            boxDestroy(&box)
            var inverted = pixInvert(nil, clip)
            var stretched = pixGammaTRC(nil, inverted, 1.0, 0, Int32(255 - Int(p.ground)))
            if let stretched {
                if paper < 250 { pixMultConstantGray(stretched, Float(paper) / 255) }
                pixRasterop(copy, Int32(p.box.x), Int32(p.box.y), Int32(p.box.width), Int32(p.box.height), paste, stretched, 0, 0)
            }
            pixDestroy(&clip)
            pixDestroy(&inverted)
            pixDestroy(&stretched)
        }
        return Raster(taking: copy)
    }

    /// How many pixels of an 8-bit image have each gray value 0...255, sampled every `step` pixels.
    func grayHistogram(step: Int = 2) -> [Int]? {
        guard depth == 8 else { return nil }
        var numa: UnsafeMutablePointer<NUMA>? = pixGetGrayHistogram(pix, Int32(step))
        defer { numaDestroy(&numa) }
        guard let numa, numaGetCount(numa) == 256 else { return nil }
        return (0..<256).map { i in
            var v: Float = 0
            numaGetFValue(numa, Int32(i), &v)
            return Int(v)
        }
    }

    /// A copy with gray `white` and everything lighter made white, and darker grays stretched
    /// between black and white.
    func whitened(above white: Int) -> Raster? {
        guard depth == 8, white > 0, white < 255 else { return nil }
        return Raster(taking: pixGammaTRC(nil, pix, 1.0, 0, Int32(white)))
    }

    /// Mean gray value 0...255 of an 8-bit image, sampled every `step` pixels.
    func meanGray(step: Int = 4) -> Double? {
        guard depth == 8 else { return nil }
        var value: Float = 0
        guard pixGetAverageMasked(pix, nil, 0, 0, Int32(step), Int32(L_MEAN_ABSVAL), &value) == 0 else {
            return nil
        }
        return Double(value)
    }
}
