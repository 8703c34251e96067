import Foundation

/// The features of one candidate, by name, in the order the scorer's model lists them. Every candidate of a
/// field adds the same names in the same order (a test checks it); `.nan` stands for "does not apply".
struct FeatureRow: Sendable {
    var names: [String] = []
    var values: [Double] = []

    mutating func add(_ name: String, _ value: Double) {
        names.append(name)
        values.append(value)
    }

    mutating func add(_ name: String, _ flag: Bool) { add(name, flag ? 1 : 0) }

    mutating func add(_ prefix: String, roles: RoleSet, of list: [LabelRole]) {
        for r in list { add(prefix + "." + r.rawValue, roles.contains(r)) }
    }

    mutating func append(_ other: FeatureRow) {
        names += other.names
        values += other.values
    }
}

/// Where labels stand around a value on the page: the nearest label before it on its line (in its cell or
/// the one before), any label before it on the line, labels after it, labels in the cell above it, the
/// header of its column, and the previous line's labels.
struct LabelContext {
    var near = RoleSet.empty
    /// Words between the nearest label and the value.
    var nearGap = Double.nan
    var left = RoleSet.empty
    var right = RoleSet.empty
    var above = RoleSet.empty
    /// Lines between the value and the cell above with a label.
    var aboveGap = Double.nan
    var header = RoleSet.empty
    var previousLine = RoleSet.empty

    init(_ doc: DocumentModel, line index: Int, start: Int, end: Int) {
        let line = doc.lines[index]
        let cell = line.cell(at: start)
        if let label = line.labels.last(where: { $0.end <= start }) {
            let labelCell = line.cell(at: label.start)
            if labelCell >= cell - 1 {
                near = label.roles
                nearGap = Double(line.tokens.filter { $0.start >= label.end && $0.end <= start }.count)
            }
        }
        for label in line.labels {
            if label.end <= start { left.formUnion(label.roles) }
            if label.start >= end, line.cell(at: label.start) <= line.cell(at: max(start, end - 1)) + 1 { right.formUnion(label.roles) }
        }
        let span = line.span(start, end)
        let page = line.page
        // A second reading stands where the line it read again stands.
        let index = line.anchor
        var k = index - 1
        var lookedAbove = false
        while k >= 0, doc.lines[k].page == page, index - k <= 12 {
            let other = doc.lines[k]
            // Cells of that line that stand over the value.
            let overlapping = (0..<other.cellCount).filter { c in
                let s = other.cellSpan(c)
                return s.left < span.right && span.left < s.right
            }
            if !overlapping.isEmpty {
                let roles = other.labels.filter { overlapping.contains(other.cell(at: $0.start)) }
                    .reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
                if !lookedAbove {
                    lookedAbove = true
                    if !roles.isEmpty, Double(line.top - other.bottom) < max(8, line.height) * 4 {
                        above = roles
                        aboveGap = Double(index - k)
                    }
                }
                // A column's header: a line with two labels or more, one of them over the value.
                if !roles.isEmpty && other.labels.count >= 2 {
                    header = roles
                    break
                }
            }
            k -= 1
        }
        if index > 0, doc.lines[index - 1].page == page {
            previousLine = doc.lines[index - 1].labels.reduce(into: RoleSet.empty) { $0.formUnion($1.roles) }
        }
    }

    func add(to row: inout FeatureRow, roles list: [LabelRole]) {
        row.add("near", roles: near, of: list)
        row.add("near_gap", nearGap)
        row.add("left", roles: left, of: list)
        row.add("right", roles: right, of: list)
        row.add("above", roles: above, of: list)
        row.add("above_gap", aboveGap)
        row.add("header", roles: header, of: list)
        row.add("prev", roles: previousLine, of: list)
    }
}

/// What the whole document says, the same for every candidate of it: what kind of document its words make it,
/// where its text came from, its language.
enum DocumentFeatures {
    static let roles: [LabelRole] = [
        .docInvoice, .docReceipt, .docPayment, .docSubscription, .docNone, .docAnnounce, .till, .total, .paid, .tax,
        .subtotal, .customer, .dateNext, .dateDue, .datePeriod, .usage, .previous, .received, .tendered, .change,
    ]

    static func row(_ doc: DocumentModel) -> FeatureRow {
        var row = FeatureRow()
        for r in roles { row.add("doc." + r.rawValue, Double(min(doc.roleCounts[r] ?? 0, 10))) }
        row.add("doc.ocr", doc.pages.contains { $0.source == .ocr })
        row.add("doc.pages", Double(doc.pages.count))
        row.add("doc.lines", Double(doc.readLineCount))
        row.add("doc.money", Double(doc.money.count))
        row.add("doc.money_marked", Double(doc.money.filter { $0.marker != nil }.count))
        row.add("doc.dates", Double(doc.dates.count))
        row.add("doc.confidence", doc.readLines.isEmpty ? 0 : doc.readLines.map(\.confidence).reduce(0, +) / Double(doc.readLineCount))
        row.add("doc.rereads", Double(doc.lines.count - doc.readLineCount))
        for lang in LabelLexicon.languages { row.add("doc.lang." + lang, doc.language == lang) }
        row.add("doc.sender", doc.context.senderName != nil || doc.context.senderAddress != nil)
        row.add("doc.sent_date", doc.context.sentDate != nil)
        let narrow = doc.pages[0].width < doc.pages[0].height / 2
        row.add("doc.narrow", narrow)
        return row
    }
}
