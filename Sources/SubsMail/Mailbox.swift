import Foundation
import SubsCore
import SubsScan

/// A folder of mail: an mbox file or a Maildir (cur/ and new/), read message by message.
public struct Mailbox: Sendable {
    public enum Format: String, Sendable { case mbox, maildir }

    public let path: String
    public let format: Format
    /// Maildir: the message files, oldest name first.
    let files: [String]

    /// Opens `path`, refusing with one line what is neither an mbox file nor a Maildir.
    public init(path: String) throws(SubsError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SubsError(.noInput, "cannot read \(path): no such file or folder")
        }
        if isDirectory.boolValue {
            let fm = FileManager.default
            let subfolders = ["cur", "new"].filter { fm.fileExists(atPath: path + "/" + $0) }
            guard !subfolders.isEmpty else {
                throw .data("\(path) is a folder but not a Maildir (no cur/ or new/ inside); give a Maildir or an mbox file")
            }
            var files: [String] = []
            for sub in subfolders {
                let names = (try? fm.contentsOfDirectory(atPath: path + "/" + sub)) ?? []
                files += names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + sub + "/" + $0 }
            }
            self.format = .maildir
            self.files = files
            return
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SubsError(.noInput, "cannot read \(path): permission denied or unreadable")
        }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        if head.isEmpty { throw .data("\(path) is empty (0 bytes); give an mbox file or a Maildir folder") }
        guard MailScanner.isMbox(head) else {
            if MailScanner.isMessage(head) {
                throw .usage("\(path) is a single e-mail, not a mailbox; scan it with subs scan \(path)")
            }
            throw .data("\(path) is not an mbox file (it does not start with a 'From ' line) nor a Maildir folder; export the mailbox as mbox")
        }
        self.format = .mbox
        self.files = []
    }

    /// One message of the mailbox.
    public struct Message: Sendable {
        /// 1-based position in the mailbox.
        public var number: Int
        /// The Maildir file, or "PATH#N" for the Nth message of an mbox.
        public var file: String
        public var message: MailMessage
        /// Where the message's bytes are: a Maildir file, or a range of the mbox.
        let source: Source

        enum Source: Sendable {
            case file(String)
            case range(Range<Int>)
        }
    }

    /// The messages in order; `body` returns false to stop. A Maildir file that is not a message is skipped.
    public func forEach(options: MailParser.Options, _ body: (Message) -> Bool) throws(SubsError) {
        switch format {
        case .maildir:
            for (i, file) in files.enumerated() {
                guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped),
                    let message = try? MailParser.parse(data, options: options)
                else { continue }
                if !body(Message(number: i + 1, file: file, message: message, source: .file(file))) { return }
            }
        case .mbox:
            var n = 0
            do {
                try MailParser.forEachMessage(mbox: path, options: options) { message, range in
                    n += 1
                    return body(Message(number: n, file: "\(path)#\(n)", message: message, source: .range(range)))
                }
            } catch {
                throw .data("\(path) cannot be read as an mbox file (\(error.message)); export the mailbox as mbox again")
            }
        }
    }

    /// How many messages there are, for a progress bar: Maildir files, or an mbox's "From " separator lines
    /// (a quick count of the bytes; GMime's split decides what a message is).
    public var messageCount: Int {
        switch format {
        case .maildir: return files.count
        case .mbox:
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return 0 }
            return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
                let from = Array("From ".utf8)
                var count = 0
                var atLineStart = true
                for i in 0..<bytes.count {
                    if atLineStart && bytes[i] == from[0] && i + from.count <= bytes.count
                        && (1..<from.count).allSatisfy({ bytes[i + $0] == from[$0] }) { count += 1 }
                    atLineStart = bytes[i] == UInt8(ascii: "\n")
                }
                return count
            }
        }
    }

    /// The bytes of one message, to scan it whole or keep it as a document.
    public func bytes(of m: Message) throws(SubsError) -> Data {
        switch m.source {
        case .file(let file):
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
                throw SubsError(.noInput, "cannot read \(file): it is gone or unreadable")
            }
            return data
        case .range(let range):
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), range.upperBound <= data.count else {
                throw SubsError(.noInput, "cannot read \(path) again: it changed while it was scanned")
            }
            return Data(data[range])
        }
    }
}

/// A message of a mailbox that reads as a subscription invoice or renewal notice.
public struct MailboxFinding: Sendable {
    public var message: Mailbox.Message
    public var extraction: Extraction
    /// 0...1: how much the message looks like an invoice.
    public var confidence: Double
    public var date: LocalDate? { extraction.billingDate.value ?? message.message.date }
}

/// Repeats of one service's invoices.
public struct MailboxGroup: Sendable {
    public var name: String
    /// Oldest first.
    public var findings: [MailboxFinding]
    public var latest: MailboxFinding { findings.last! }
    public var confidence: Double { findings.map(\.confidence).max() ?? 0 }

    /// The cadence the invoices' dates keep (most gaps from one to the next), when there are two or more.
    public var cadence: Cadence? {
        let dates = Array(Set(findings.compactMap(\.date))).sorted()
        guard dates.count >= 2 else { return nil }
        let steps = zip(dates, dates.dropFirst()).map { InvoiceExtractor.cadence(from: $0, to: $1) }
        let counts = Dictionary(grouping: steps.compactMap { $0 }, by: { $0 }).mapValues(\.count)
        guard let (cadence, n) = counts.max(by: { $0.value < $1.value }), n * 3 >= steps.count * 2 else { return nil }
        return cadence
    }
}

/// Scans a mailbox for invoices: every message's body (HTML or text) through the extractor, PDF attachments
/// only when the body gives no amount; a message is listed when the extractor reads an amount with confidence
/// and the message's words are an invoice's (the lexicon's invoice, receipt, payment and subscription words)
/// rather than a newsletter's or a shipping notice's.
public struct MailboxScanner: Sendable {
    public var mail: MailScanner
    /// Messages sent before this day are skipped.
    public var since: LocalDate?
    /// Listed from this confidence.
    public static let minConfidence = 0.5

    public init(mail: MailScanner, since: LocalDate? = nil) {
        self.mail = mail
        self.since = since
    }

    /// How much an extraction looks like an invoice, 0...1; nil when it does not at all.
    public static func invoiceConfidence(_ e: Extraction) -> Double? {
        guard e.amount.value != nil, e.amount.confidence > 0 else { return nil }
        let c = e.cues
        let positive = c.billing + min(c.paid, 2) + min(c.subscription, 2)
        guard positive > 0, c.none < positive else { return nil }
        var score = 0.45 * e.amount.confidence + 0.2 * e.name.confidence
        score += 0.2 * min(1, Double(c.billing + c.paid) / 2)
        score += e.billingDate.value != nil ? 0.15 : 0
        score -= 0.15 * Double(c.none)
        return max(0, min(1, score))
    }

    /// The findings, in mailbox order. `progress` is called with (messages done, total if known).
    public func scan(_ mailbox: Mailbox, progress: (Int) -> Void = { _ in }) throws(SubsError) -> [MailboxFinding] {
        var found: [MailboxFinding] = []
        var batch: [Mailbox.Message] = []
        var done = 0
        let options = MailParser.Options(attachments: true, maxPartBytes: mail.scanner.options.maxFileBytes)
        func flush() {
            let results = batch.parallelMap(perTask: 1) { m -> MailboxFinding? in
                guard let result = try? mail.scan(m.message, document: Data(), name: m.file, attachments: .whenNeeded),
                    let confidence = Self.invoiceConfidence(result.extraction), confidence >= Self.minConfidence
                else { return nil }
                return MailboxFinding(message: m, extraction: result.extraction, confidence: confidence)
            }
            found += results.compactMap { $0 }
            done += batch.count
            batch.removeAll(keepingCapacity: true)
            progress(done)
        }
        try mailbox.forEach(options: options) { m in
            if let since, let d = m.message.date, d < since { return true }
            batch.append(m)
            if batch.count >= 64 { flush() }
            return true
        }
        flush()
        return found
    }

    /// Findings of the same service (its name, else its sender's address) together, the services by name.
    public static func group(_ findings: [MailboxFinding]) -> [MailboxGroup] {
        var groups: [String: MailboxGroup] = [:]
        var order: [String] = []
        for f in findings {
            let name = f.extraction.name.value ?? f.message.message.from?.address ?? "?"
            let key = Subscription.nameKey(name)
            if groups[key] == nil {
                groups[key] = MailboxGroup(name: name, findings: [])
                order.append(key)
            }
            groups[key]!.findings.append(f)
        }
        return order.map { key in
            var g = groups[key]!
            g.findings.sort { ($0.date ?? .distantPastDay, $0.message.number) < ($1.date ?? .distantPastDay, $1.message.number) }
            return g
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}

extension LocalDate {
    static let distantPastDay = LocalDate(year: 1900, month: 1, day: 1)!
}
