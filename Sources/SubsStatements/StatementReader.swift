import Foundation
import SubsCore

/// Reads bank exports into transactions: OFX/QFX (libofx), ISO 20022 CAMT.053 (libxml2), QIF and CSV,
/// told apart by content, not by the file's name.
public struct StatementReader: Sendable {
    public var columns: StatementColumns
    /// What an amount is in when the file does not say.
    public var defaultCurrency: Currency
    public var maxFileBytes = 200 * 1024 * 1024

    public init(columns: StatementColumns = StatementColumns(), defaultCurrency: Currency) {
        self.columns = columns
        self.defaultCurrency = defaultCurrency
    }

    public enum Format: String, Sendable { case csv = "CSV", ofx = "OFX", camt = "CAMT.053", qif = "QIF" }

    /// The transactions of one file, and the format it was in.
    public func read(_ path: String) throws(SubsError) -> (transactions: [BankTransaction], format: Format) {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SubsError(.noInput, "no file \(path); give the path of a bank statement export (CSV, OFX, QFX, QIF or CAMT.053)")
        }
        guard !isDirectory.boolValue else { throw SubsError(.noInput, "\(path) is a folder; give the statement files in it") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxFileBytes else {
            throw SubsError.data("\(path) is \(size / 1_048_576) MB, more than a statement should be; split the export by year")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SubsError(.noInput, "cannot read \(path); check its permissions")
        }
        guard !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw SubsError.data("\(path) is empty; export the statement again from the bank")
        }
        if let binary = Self.binaryKind(data) {
            throw SubsError.data("\(path) is \(binary), not a statement export; save it from the bank as CSV, OFX, QIF or CAMT.053")
        }
        let head = String(decoding: data.prefix(4096), as: UTF8.self).uppercased()
        if head.contains("OFXHEADER") || head.contains("<OFX>") {
            return (try LibOFX.read(url), .ofx)
        }
        if CAMTStatement.looksLike(data) { return (try CAMTStatement.read(data, source: name), .camt) }
        let text = StatementText.decode(data)
        if QIFStatement.looksLike(text) {
            return (try QIFStatement.read(text, source: name, dateOrder: columns.dateOrder.flatMap(BankDate.Order.init(rawValue:))), .qif)
        }
        if head.hasPrefix("<?XML") || head.hasPrefix("<") {
            throw SubsError.data("\(path) is XML or HTML but no ISO 20022 statement (camt.053) or OFX; export it as CSV, OFX, QIF or CAMT.053")
        }
        return (try CSVStatement.read(text, source: name, columns: columns, defaultCurrency: defaultCurrency), .csv)
    }

    private static func binaryKind(_ data: Data) -> String? {
        if data.starts(with: Array("%PDF".utf8)) { return "a PDF" }
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a spreadsheet or ZIP archive" }
        if data.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return "an old Excel file" }
        // UTF-16 text has NULs too, but starts with its byte-order mark.
        if !data.starts(with: [0xFF, 0xFE]) && !data.starts(with: [0xFE, 0xFF]) && data.prefix(8192).contains(0) { return "a binary file" }
        return nil
    }
}
