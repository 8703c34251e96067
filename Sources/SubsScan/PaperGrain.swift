/// Finds the gray level above which a page is paper, from its histogram: a light page's paper is
/// one narrow peak, and grain spreads it a few levels down. Pure arithmetic, no image.
enum PaperGrain {
    /// A peak darker than this is no paper (a gray scan, a dark screen): left alone.
    static let minPaperGray = 200
    /// A peak narrower than this is clean paper (a scanner's white, JPEG's noise on it): nothing to
    /// whiten, and OCR reads it as well as it can.
    static let minGrainWidth = 4
    /// A peak wider than this (half-width at half height, below the peak) is shading or faded
    /// print, not grain: whitening it would erase light text.
    static let maxGrainWidth = 10
    /// Paper reaches down this many half-widths below its peak.
    static let grainWidths = 3

    /// The gray at and above which pixels are paper, or nil when the page has no grainy paper.
    static func whitePoint(_ histogram: [Int]) -> Int? {
        guard histogram.count == 256 else { return nil }
        // Smoothed over five levels, so one spiky level (JPEG's rounding) is no peak.
        let smooth = (0..<256).map { i in (max(0, i - 2)...min(255, i + 2)).reduce(0) { $0 + histogram[$1] } }
        guard let peak = (128...255).max(by: { smooth[$0] < smooth[$1] }), peak >= minPaperGray, smooth[peak] > 0 else { return nil }
        var edge = peak
        while edge > 0, smooth[edge] * 2 > smooth[peak] { edge -= 1 }
        let width = peak - edge
        guard (minGrainWidth...maxGrainWidth).contains(width) else { return nil }
        return peak - grainWidths * width
    }
}
