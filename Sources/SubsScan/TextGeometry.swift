/// How big the text on a page is and where it lies, from the boxes of its dark connected
/// components: the typical character height (so the page can be scaled to what Tesseract reads
/// best) and the region that holds the text (a small receipt scanned on a large white page,
/// a photo's margins). Pure Swift over boxes, testable without images.
struct TextGeometry: Equatable {
    /// Median height of the character-like components, in pixels.
    var characterHeight: Double
    /// The region with text, margins included; nil when the text spreads over most of the image.
    var content: Raster.PixelBox?

    /// Nil when there are too few character-like components to tell (a blank or pictorial page).
    static func measure(_ boxes: [Raster.PixelBox], imageWidth: Int, imageHeight: Int) -> TextGeometry? {
        // Characters: not specks, not rules or frames, not the whole page.
        let chars = boxes.filter { b in
            b.height >= 5 && b.height <= imageHeight / 6 && b.width >= 2 && b.width <= b.height * 3
                && b.height <= b.width * 8
        }
        guard chars.count >= 30 else { return nil }
        let heights = chars.map(\.height).sorted()
        let median = Double(heights[heights.count / 2])

        // Text has neighbours: a component counts when another one of similar height sits beside
        // it on the same line. Lone specks, stamps and handwritten marks far from the text do not
        // widen the region.
        let candidates = chars.filter { Double($0.height) >= median * 0.4 && Double($0.height) <= median * 5 }
            .sorted { $0.y + $0.height / 2 < $1.y + $1.height / 2 }
        var supported: [Raster.PixelBox] = []
        for (i, b) in candidates.enumerated() {
            let cy = Double(b.y) + Double(b.height) / 2
            let h = Double(b.height)
            func neighbour(_ o: Raster.PixelBox) -> Bool {
                let ratio = Double(o.height) / h
                guard ratio > 0.5 && ratio < 2 else { return false }
                let gap = max(Double(o.x - (b.x + b.width)), Double(b.x - (o.x + o.width)))
                return gap < h * 1.5
            }
            var found = false
            var j = i - 1
            while !found, j >= 0, cy - (Double(candidates[j].y) + Double(candidates[j].height) / 2) < h * 0.5 {
                found = neighbour(candidates[j])
                j -= 1
            }
            j = i + 1
            while !found, j < candidates.count, (Double(candidates[j].y) + Double(candidates[j].height) / 2) - cy < h * 0.5 {
                found = neighbour(candidates[j])
                j += 1
            }
            if found { supported.append(b) }
        }
        guard supported.count >= 20 else { return TextGeometry(characterHeight: median, content: nil) }
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for b in supported {
            minX = min(minX, b.x)
            minY = min(minY, b.y)
            maxX = max(maxX, b.x + b.width)
            maxY = max(maxY, b.y + b.height)
        }
        let margin = Int(median * 3)
        let x0 = max(0, minX - margin), y0 = max(0, minY - margin)
        let x1 = min(imageWidth, maxX + margin), y1 = min(imageHeight, maxY + margin)
        let box = Raster.PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        // Worth cutting only when it drops a good part of the image.
        let share = Double(box.width * box.height) / Double(max(1, imageWidth * imageHeight))
        return TextGeometry(characterHeight: median, content: share < 0.7 ? box : nil)
    }
}
