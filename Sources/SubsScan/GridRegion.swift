/// Connected regions of a flat grid (row by row), as the page outline (pixels) and the dark panels
/// (tiles) grow them.
enum GridRegion {
    /// The cells 4-connected to `start` that `joins` accepts, `start` included. Each cell is passed to
    /// `mark` as it is taken, so the caller's labels or visited flags keep `joins` from taking it twice.
    static func grow(from start: Int, width: Int, height: Int, joins: (Int) -> Bool, mark: (Int) -> Void) -> [Int] {
        mark(start)
        var stack = [start]
        var cells: [Int] = []
        while let i = stack.popLast() {
            cells.append(i)
            let x = i % width
            // Left and right only within the row: no wrapping from one row's end to the next's start.
            for j in [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]
            where j >= 0 && j < width * height && joins(j) {
                mark(j)
                stack.append(j)
            }
        }
        return cells
    }
}
