import Foundation
import SubsCore
import SubsScan

/// Reads invoices that arrive as e-mails: the body (HTML laid out as lines and columns, or plain text) is
/// a page, PDF and image attachments are read by the invoice scanner as further pages, and the sender and
/// `Date:` header (the original ones of a forwarded mail) are evidence for the name and the billing date.
public struct MailScanner: Sendable {
    public var scanner: InvoiceScanner

    /// Below the extractor's own confidence a field is taken from the header instead, when the body gives none.
    static let headerConfidence = 0.5

    public init(scanner: InvoiceScanner) { self.scanner = scanner }

    /// True when the bytes are an e-mail message (RFC 822 header lines first).
    public static func isMessage(_ data: Data) -> Bool { MediaType.detect(data) == .email }

    /// True when the bytes start like an mbox file (a "From " line before the first message).
    public static func isMbox(_ data: Data) -> Bool {
        data.prefix(5) == Data("From ".utf8) && MediaType.looksLikeText(data.prefix(4096))
    }

    /// The bytes of a file that may be an e-mail: like `InvoiceScanner.readFile`, with the e-mail's own words
    /// for one over the size limit.
    public func readFile(_ url: URL) throws(SubsError) -> Data {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
            size.intValue > scanner.options.maxFileBytes,
            let handle = try? FileHandle(forReadingFrom: url),
            let head = try? handle.read(upToCount: 8192), Self.isMessage(head)
        {
            try? handle.close()
            throw .data("\(url.path) is an e-mail of \(megabytes(size.intValue)), over the \(megabytes(scanner.options.maxFileBytes)) limit; save its invoice attachment alone and scan that")
        }
        return try scanner.readFile(url)
    }

    /// Scans a file: an e-mail is read here, anything else by the invoice scanner.
    public func scan(data: Data, name: String) throws(SubsError) -> ScanResult {
        if Self.isMbox(data) {
            throw .usage("\(name) is a mailbox (mbox) of many messages; scan it with subs scan --mailbox \(name)")
        }
        guard Self.isMessage(data) else { return try scanner.scan(data: data, name: name) }
        let start = ContinuousClock.now
        let message: MailMessage
        do {
            message = try MailParser.parse(data, options: MailParser.Options(maxPartBytes: scanner.options.maxFileBytes))
        } catch {
            throw .data("\(name) is not a readable MIME message (\(error.message)); save the e-mail again from your mail program (.eml)")
        }
        return try scan(message, document: data, name: name, attachments: .all, start: start)
    }

    /// Which attachments to read.
    public enum Attachments: Sendable {
        /// Every PDF and image attachment (OCR for images).
        case all
        /// PDFs with a text layer, and only when the body gives no amount (a mailbox scan).
        case whenNeeded
        case none
    }

    /// Reads a parsed message. Throws for a message that cannot be read at all (encrypted, undecodable, no
    /// body); an attachment that does not read is a warning.
    public func scan(_ message: MailMessage, document: Data, name: String, attachments: Attachments, start: ContinuousClock.Instant = .now)
        throws(SubsError) -> ScanResult
    {
        if let encryption = message.encryption {
            throw .data("\(name) is an encrypted e-mail (\(encryption)); decrypt it in your mail program, save the decrypted message and scan that")
        }
        if let problem = message.undecodable {
            throw .data("\(name) has \(problem); save the e-mail again from your mail program, or forward it to yourself and scan that")
        }
        let (layout, context) = Self.body(of: message)
        if layout.text.contains("-----BEGIN PGP MESSAGE-----") {
            throw .data("\(name) is an encrypted e-mail (inline PGP); decrypt it in your mail program, save the decrypted message and scan that")
        }
        var pages: [TextPage] = layout.lines.isEmpty ? [] : [layout.page(number: 1)]
        var warnings: [String] = []
        let documents = message.parts.filter { $0.isAttachment && $0.content != nil && !$0.isText }
        let bodyOnly = pages.isEmpty ? nil : scanner.extract(pages: pages, context: context, document: document, mediaType: .email)
        let readAttachments: Bool = switch attachments {
        case .all: true
        case .whenNeeded: bodyOnly == nil || bodyOnly!.extraction.amount.value == nil
        case .none: false
        }
        var read = 0
        if readAttachments {
            for (i, part) in documents.enumerated() {
                guard let bytes = part.content, let type = MediaType.detect(bytes), type != .email else { continue }
                if attachments == .whenNeeded && type != .pdf { continue }
                let label = "\(name) attachment \(part.fileName ?? "\(i + 1)")"
                if bytes.count > scanner.options.maxFileBytes {
                    throw .data("\(label) is \(megabytes(bytes.count)), over the \(megabytes(scanner.options.maxFileBytes)) limit; save the invoice attachment alone, smaller, and scan that")
                }
                do {
                    let (attached, _, notes) = try scanner.readPages(data: bytes, name: part.fileName ?? "attachment.\(type.rawValue)")
                    warnings += notes.map { "attachment \(part.fileName ?? "\(i + 1)"): \($0)" }
                    for var p in attached {
                        let number = pages.count + 1
                        p.page = number
                        p.words = p.words.map { var w = $0; w.page = number; return w }
                        p.rereads = p.rereads.map { $0.map { var w = $0; w.page = number; return w } }
                        pages.append(p)
                    }
                    read += 1
                } catch {
                    warnings.append("\(label) could not be read: \(error.message)")
                }
            }
        }
        if pages.isEmpty {
            if documents.isEmpty || readAttachments {
                throw .data("\(name) is an e-mail with no text and no readable PDF or image attachment; nothing to scan")
            }
        }
        var result: ScanResult
        if read == 0, let bodyOnly {
            result = bodyOnly
            result.warnings = warnings + bodyOnly.warnings
        } else {
            result = scanner.extract(pages: pages, context: context, document: document, mediaType: .email, warnings: warnings, start: start)
        }
        Self.fallBack(&result.extraction, on: context)
        result.elapsed = ContinuousClock.now - start
        return result
    }

    /// The body laid out, and what the header (or a forwarded mail's own header block) says.
    public static func body(of message: MailMessage) -> (MailLayout, DocumentContext) {
        let bodies = message.parts.filter { $0.isText && !$0.isAttachment && $0.text != nil }
        let html = bodies.filter { $0.mimeType == "text/html" }
        var layout = MailLayout()
        for part in html.isEmpty ? bodies : html {
            guard let text = part.text else { continue }
            let laid = part.mimeType == "text/html" ? MailLayout.html(Data(text.utf8)) ?? MailLayout.plain(text) : MailLayout.plain(text)
            layout.lines += laid.lines
        }
        var from = message.from, date = message.date, subject = message.subject
        if let attached = message.attachedFrom {
            from = attached
            date = message.attachedDate ?? date
        } else if let forwarded = ForwardedHeader.find(in: layout.lines.map { $0.map(\.text).joined(separator: " ") }) {
            from = forwarded.from ?? from
            date = forwarded.date ?? date
            subject = forwarded.subject ?? subject
            // The forwarder's note above the forwarded mail is not the invoice's.
            layout.lines.removeFirst(forwarded.line)
        }
        if let s = subject { subject = stripReplyPrefixes(s) }
        let context = DocumentContext(senderName: from?.name, senderAddress: from?.address, subject: subject, sentDate: date)
        return (layout, context)
    }

    static func stripReplyPrefixes(_ subject: String) -> String {
        var s = subject
        while let r = s.range(of: #"^\s*(fwd?|fw|wg|tr|rv|re|aw|i|doorst|enc|res|r)\s*:\s*"#, options: [.regularExpression, .caseInsensitive]) {
            s.removeSubrange(r)
        }
        return s
    }

    /// The sender's name (display name, else the domain's name) and the sent date, for fields the body
    /// leaves unread.
    static func fallBack(_ e: inout Extraction, on context: DocumentContext) {
        // A domain's name ("Vegro") that the sender's display name spells in full ("Vegro Music").
        if let read = e.name.value, let sender = senderName(context), context.senderName != nil,
            fold(sender).count > fold(read).count, fold(sender).hasPrefix(fold(read)), sender.contains(" ")
        {
            e.name = ScannedField(sender, confidence: e.name.confidence, evidence: "From: \(context.senderName ?? sender)")
        }
        if e.name.value == nil, let name = senderName(context) {
            e.name = ScannedField(name, confidence: headerConfidence, evidence: "From: \(context.senderName ?? context.senderAddress ?? name)")
        }
        if e.billingDate.value == nil, e.amount.value != nil, let sent = context.sentDate {
            e.billingDate = ScannedField(sent, confidence: headerConfidence, evidence: "Date: \(sent)")
        }
    }

    static let senderNoise: Set<String> = [
        "billing", "team", "support", "receipts", "receipt", "payments", "payment", "invoices", "invoice", "noreply", "no-reply",
        "info", "service", "accounts", "account", "notifications", "news", "the", "facturation", "rechnung", "rechnungen",
        "kundenservice", "facturacion", "fatturazione", "facturatie", "faturacao", "abrechnung", "mailer", "via", "customer",
    ]

    /// "Netflix Billing" -> "Netflix"; no display name: "info@mailer.netflix.com" -> "Netflix".
    public static func senderName(_ context: DocumentContext) -> String? {
        if let name = context.senderName {
            var n = name
            if let via = n.range(of: " via ", options: .caseInsensitive) { n = String(n[..<via.lowerBound]) }
            let words = n.split(separator: " ").filter { !senderNoise.contains($0.lowercased()) && $0 != "-" && $0 != "|" }
            if !words.isEmpty, !(words.count == 1 && words[0].contains("@")) { return words.joined(separator: " ") }
        }
        guard let address = context.senderAddress, let at = address.lastIndex(of: "@") else { return nil }
        var labels = address[address.index(after: at)...].lowercased().split(separator: ".").map(String.init)
        guard labels.count >= 2 else { return nil }
        labels.removeLast()
        if labels.count >= 2, ["co", "com", "org", "net"].contains(labels.last!) { labels.removeLast() }
        guard let label = labels.last, label.count >= 2 else { return nil }
        return label.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func fold(_ s: String) -> String {
        String(s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).filter { $0.isLetter || $0.isNumber })
    }

    func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }
}
