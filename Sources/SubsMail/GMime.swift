import CGMime
import Foundation
import SubsCore

/// A MIME message, copied out of GMime so no C pointer outlives parsing: its sender, subject, date and leaf
/// parts with their content decoded (base64, quoted-printable) and text converted to UTF-8.
public struct MailMessage: Sendable {
    public struct Address: Sendable, Equatable {
        /// The display name ("Netflix"), nil when the header has none.
        public var name: String?
        /// "info@mailer.netflix.com".
        public var address: String?

        public init(name: String?, address: String?) {
            self.name = name
            self.address = address
        }
    }

    public struct Part: Sendable {
        /// Lower-cased "type/subtype".
        public var mimeType: String
        public var charset: String?
        public var fileName: String?
        /// Content-Disposition: attachment.
        public var isAttachment: Bool
        /// Content-ID, for an inline image a body refers to.
        public var contentID: String?
        /// The decoded bytes; nil when the part was not decoded (`MailParser.Options.decode`).
        public var content: Data?
        /// The text of a text/* part in UTF-8, nil when not decoded or not text.
        public var text: String?
        /// Inside an attached message (message/rfc822): a forwarded mail's own parts.
        public var inAttachedMessage: Bool

        public var isText: Bool { mimeType == "text/plain" || mimeType == "text/html" }
    }

    public var from: Address?
    public var subject: String?
    /// The day of the `Date:` header, in the sender's own offset.
    public var date: LocalDate?
    public var parts: [Part]
    /// "PGP/MIME" or "S/MIME" when the body is encrypted and cannot be read.
    public var encryption: String?
    /// The sender and date of the first attached message (message/rfc822), a mail forwarded as an attachment.
    public var attachedFrom: Address?
    public var attachedDate: LocalDate?
    /// A part whose charset is unknown or whose bytes do not decode in it: "iso-8859-99" (part text/html).
    public var undecodable: String?
}

/// Why a message could not be parsed.
public struct MailParseFailure: Error, Equatable {
    public var message: String
}

/// Parses messages with GMime: single messages from bytes, and mbox files message by message. The only file
/// that sees GMime's C API.
public enum MailParser {
    public struct Options: Sendable {
        /// Which parts' content to decode: text bodies always; attachments when `attachments` holds.
        public var attachments: Bool = true
        /// Attachments larger than this (decoded) are refused with `oversized`.
        public var maxPartBytes: Int = 50 * 1024 * 1024

        public init(attachments: Bool = true, maxPartBytes: Int = 50 * 1024 * 1024) {
            self.attachments = attachments
            self.maxPartBytes = maxPartBytes
        }
    }

    private static let initialized: Bool = {
        g_mime_init()
        return true
    }()

    /// One message from its bytes.
    public static func parse(_ data: Data, options: Options = Options()) throws(MailParseFailure) -> MailMessage {
        _ = initialized
        guard !data.isEmpty else { throw MailParseFailure(message: "empty message") }
        let stream: UnsafeMutablePointer<GMimeStream>? = data.withUnsafeBytes { raw in
            g_mime_stream_mem_new_with_buffer(raw.bindMemory(to: CChar.self).baseAddress, Int(raw.count))
        }
        guard let stream else { throw MailParseFailure(message: "out of memory") }
        defer { subs_g_unref(stream) }
        guard let parser = g_mime_parser_new_with_stream(stream) else { throw MailParseFailure(message: "out of memory") }
        defer { subs_g_unref(parser) }
        g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE)
        guard let message = g_mime_parser_construct_message(parser, nil) else {
            throw MailParseFailure(message: "not a MIME message")
        }
        defer { subs_g_unref(message) }
        return copy(message, options: options)
    }

    /// Each message of an mbox file, in order, with the byte range of its headers and body in the file (for
    /// keeping the message as a document). `body` returns false to stop.
    public static func forEachMessage(mbox path: String, options: Options = Options(),
                                      _ body: (MailMessage, Range<Int>) -> Bool) throws(MailParseFailure) {
        _ = initialized
        var error: UnsafeMutablePointer<GError>?
        guard let stream = g_mime_stream_fs_open(path, O_RDONLY, 0, &error) else {
            let text = error.map { String(cString: $0.pointee.message) } ?? "cannot open"
            g_clear_error(&error)
            throw MailParseFailure(message: text)
        }
        defer { subs_g_unref(stream) }
        guard let parser = g_mime_parser_new_with_stream(stream) else { throw MailParseFailure(message: "out of memory") }
        defer { subs_g_unref(parser) }
        g_mime_parser_set_format(parser, GMIME_FORMAT_MBOX)
        var count = 0
        while g_mime_parser_eos(parser) == 0 {
            guard let message = g_mime_parser_construct_message(parser, nil) else {
                if count == 0 { throw MailParseFailure(message: "not an mbox file (no message starting with a 'From ' line)") }
                break
            }
            count += 1
            let start = Int(g_mime_parser_get_headers_begin(parser))
            let end = Int(g_mime_parser_tell(parser))
            let copied = copy(message, options: options)
            subs_g_unref(message)
            if !body(copied, start..<max(start, end)) { break }
        }
    }

    /// The first address of a header value ("Netflix <info@netflix.com>", Outlook's "Netflix [mailto:info@netflix.com]").
    public static func address(_ value: String) -> MailMessage.Address? {
        _ = initialized
        var v = value
        if let r = v.range(of: "[mailto:") {
            v.replaceSubrange(r, with: "<")
            if let close = v.range(of: "]", range: r.lowerBound..<v.endIndex) { v.replaceSubrange(close, with: ">") }
        }
        guard let list = internet_address_list_parse(nil, v) else { return nil }
        defer { subs_g_unref(list) }
        let a = firstAddress(list)
        return a?.name == nil && a?.address == nil ? nil : a
    }

    /// The day of an RFC 5322 date ("Mon, 5 Jan 2026 10:00:00 +0100"), in its own offset.
    public static func date(_ value: String) -> LocalDate? {
        _ = initialized
        guard let d = g_mime_utils_header_decode_date(value) else { return nil }
        defer { g_date_time_unref(d) }
        return day(d)
    }

    // MARK: - Copying out of GMime

    private static func string(_ p: UnsafePointer<CChar>?) -> String? {
        guard let p else { return nil }
        let s = String(cString: p).trimmingCharacters(in: .whitespacesAndNewlines)
        return s.isEmpty ? nil : s
    }

    private static func copy(_ message: UnsafeMutablePointer<GMimeMessage>, options: Options) -> MailMessage {
        var out = MailMessage(from: nil, subject: nil, date: nil, parts: [])
        out.from = firstAddress(g_mime_message_get_from(message))
        out.subject = string(g_mime_message_get_subject(message))
        out.date = day(g_mime_message_get_date(message))
        if let root = g_mime_message_get_mime_part(message) {
            walk(root, into: &out, attached: false, depth: 0, options: options)
        }
        return out
    }

    private static func firstAddress(_ list: UnsafeMutablePointer<InternetAddressList>?) -> MailMessage.Address? {
        guard let list, internet_address_list_length(list) > 0, let a = internet_address_list_get_address(list, 0) else { return nil }
        let name = string(internet_address_get_name(a))
        let address = subs_gmime_is_mailbox(a) != 0 ? string(subs_gmime_mailbox_addr(a)) : nil
        return MailMessage.Address(name: name, address: address)
    }

    private static func day(_ date: OpaquePointer?) -> LocalDate? {
        guard let date else { return nil }
        return LocalDate(year: Int(g_date_time_get_year(date)), month: Int(g_date_time_get_month(date)),
                         day: Int(g_date_time_get_day_of_month(date)))
    }

    private static func walk(_ object: UnsafeMutablePointer<GMimeObject>, into out: inout MailMessage, attached: Bool, depth: Int, options: Options) {
        guard depth < 32 else { return }
        if subs_gmime_is_multipart_encrypted(object) != 0 {
            out.encryption = out.encryption ?? "PGP/MIME"
            return
        }
        if subs_gmime_is_pkcs7(object) != 0 {
            out.encryption = out.encryption ?? "S/MIME"
            return
        }
        if subs_gmime_is_multipart(object) != 0 {
            let multipart = subs_gmime_multipart(object)
            for i in 0..<g_mime_multipart_get_count(multipart) {
                if let child = g_mime_multipart_get_part(multipart, i) { walk(child, into: &out, attached: attached, depth: depth + 1, options: options) }
            }
            return
        }
        if subs_gmime_is_message_part(object) != 0 {
            guard let inner = g_mime_message_part_get_message(subs_gmime_message_part(object)) else { return }
            if !attached && out.attachedFrom == nil {
                out.attachedFrom = firstAddress(g_mime_message_get_from(inner))
                out.attachedDate = day(g_mime_message_get_date(inner))
            }
            if let root = g_mime_message_get_mime_part(inner) { walk(root, into: &out, attached: true, depth: depth + 1, options: options) }
            return
        }
        guard subs_gmime_is_part(object) != 0 else { return }
        let part = subs_gmime_part(object)
        var mimeType = "application/octet-stream"
        if let type = g_mime_object_get_content_type(object), let full = g_mime_content_type_get_mime_type(type) {
            mimeType = String(cString: full).lowercased()
            g_free(full)
        }
        let charset = string(g_mime_object_get_content_type_parameter(object, "charset"))
        let disposition = string(g_mime_object_get_disposition(object))?.lowercased()
        let fileName = string(g_mime_part_get_filename(part))
        var copied = MailMessage.Part(
            mimeType: mimeType, charset: charset, fileName: fileName,
            isAttachment: disposition == "attachment" || (fileName != nil && !mimeType.hasPrefix("text/")),
            contentID: string(g_mime_object_get_content_id(object)), content: nil, text: nil, inAttachedMessage: attached)
        let isBody = (mimeType == "text/plain" || mimeType == "text/html") && disposition != "attachment"
        if isBody || options.attachments {
            copied.content = decoded(part)
            if isBody, let bytes = copied.content {
                switch utf8(bytes, charset: charset) {
                case .success(let text): copied.text = text
                case .failure(let problem): out.undecodable = out.undecodable ?? "\(problem) (part \(mimeType))"
                }
            }
        }
        out.parts.append(copied)
    }

    /// The part's content with its transfer encoding undone.
    private static func decoded(_ part: UnsafeMutablePointer<GMimePart>?) -> Data? {
        guard let wrapper = g_mime_part_get_content(part), let mem = g_mime_stream_mem_new() else { return nil }
        defer { subs_g_unref(mem) }
        guard g_mime_data_wrapper_write_to_stream(wrapper, mem) >= 0, let bytes = subs_gmime_mem_bytes(mem) else { return nil }
        guard bytes.pointee.len > 0, let base = bytes.pointee.data else { return Data() }
        return Data(bytes: base, count: Int(bytes.pointee.len))
    }

    struct CharsetProblem: Error { var text: String }

    /// Text in `charset` as UTF-8. Unlabelled or US-ASCII text that is not ASCII is read as UTF-8, else
    /// Windows-1252 (what mail programs do); a charset iconv does not know, or bytes that are not valid in the
    /// named one, fail.
    static func utf8(_ bytes: Data, charset: String?) -> Result<String, CharsetProblem> {
        let name = charset?.lowercased() ?? "us-ascii"
        if name == "us-ascii" || name == "ascii" || name == "utf-8" || name == "utf8" {
            if let s = String(validating: bytes, as: UTF8.self) { return .success(s) }
            if name.hasPrefix("utf") { return .failure(CharsetProblem(text: "bytes that are not valid UTF-8")) }
            return convert(bytes, from: "windows-1252").mapError { _ in CharsetProblem(text: "bytes that are not text") }
        }
        _ = initialized
        let iconvName = g_mime_charset_iconv_name(name).map { String(cString: $0) } ?? name
        return convert(bytes, from: iconvName).mapError { _ in
            CharsetProblem(text: "text in charset '\(charset ?? name)' that cannot be decoded")
        }
    }

    private static func convert(_ bytes: Data, from charset: String) -> Result<String, CharsetProblem> {
        if bytes.isEmpty { return .success("") }
        var error: UnsafeMutablePointer<GError>?
        var written: gsize = 0
        let out = bytes.withUnsafeBytes { raw in
            g_convert(raw.bindMemory(to: CChar.self).baseAddress, gssize(raw.count), "UTF-8", charset, nil, &written, &error)
        }
        guard let out else {
            g_clear_error(&error)
            return .failure(CharsetProblem(text: charset))
        }
        defer { g_free(out) }
        return .success(String(decoding: UnsafeRawBufferPointer(start: out, count: Int(written)), as: UTF8.self))
    }
}
